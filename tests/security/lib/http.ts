/**
 * One small HTTP client for every API check (node:http, so a check can send raw or lying bodies
 * and pick the loopback address it comes from: rate limits are per client address, and the
 * limit checks use their own address so they never throttle the rest of the suite).
 */
import http from 'node:http';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address on the loopback network (e.g. 127.0.0.2); default: one of the suite's pool. */
  localAddress?: string;
  /** Do not wait and retry when the gateway's request limit answers 429. */
  noRetry?: boolean;
}

/**
 * The suite plays many clients: its ordinary requests rotate over 16 loopback addresses
 * (127.0.2.1-16), so a stack with the gateway's per-client limit on (e.g. 100 per 10 s) does not
 * stretch the run to many minutes. The limit itself is checked from an address of its own.
 */
const POOL_SIZE = 16;
let poolNext = 0;
const agents = Array.from(
  { length: POOL_SIZE },
  (_, i) => new http.Agent({ keepAlive: true, localAddress: `127.0.2.${i + 1}` }),
);

function once(url: string, options: HttpOptions): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    // The path goes out exactly as written: a URL parser would resolve "..", which the
    // traversal checks must reach the server unchanged.
    const { protocol, hostname, port, origin } = new URL(url);
    if (protocol !== 'http:') throw new Error(`Only http:// targets are supported: ${url}`);
    const req = http.request(
      {
        hostname,
        port,
        path: url.slice(origin.length) || '/',
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.localAddress
          ? { localAddress: options.localAddress, agent: false }
          : hostname === '127.0.0.1'
            ? { agent: agents[poolNext++ % POOL_SIZE] }
            : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text === '' ? undefined : JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${options.method ?? 'GET'} ${url}`)));
    req.end(options.body);
  });
}

function isGatewayLimit(res: HttpResponse): boolean {
  return (
    res.status === 429 && (res.json as { message?: string } | undefined)?.message === 'Too many requests'
  );
}

/**
 * How long one request may wait out the gateway's limit. A signed-in persona is counted by user id
 * whatever address it sends from, and the limit is exact (100 in any 10 s), so a persona that two test
 * files use at once gets about 10 requests a second between them: a request may queue for a while,
 * but it is never refused for good.
 */
const LIMIT_PATIENCE_MS = 45_000;

export async function httpRequest(url: string, options: HttpOptions = {}): Promise<HttpResponse> {
  const giveUpAt = Date.now() + LIMIT_PATIENCE_MS;
  for (;;) {
    const res = await once(url, options);
    if (options.noRetry || !isGatewayLimit(res) || Date.now() >= giveUpAt) return res;
    // Retry-After says when one slot frees; the jitter keeps the requests that were refused together
    // from all asking again in the same millisecond, where only one of them could win.
    const wait = Math.min(Math.max(Number(res.headers['retry-after'] ?? '1'), 1), 15) * 1000;
    await new Promise((r) => setTimeout(r, wait + Math.random() * 1000));
  }
}

/** Headers of an API call: the API key, and a bearer token (a user JWT, or the key itself). */
export function apiHeaders(
  apiKey: string,
  bearer?: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { apikey: apiKey, Authorization: `Bearer ${bearer ?? apiKey}`, ...extra };
}

export function jsonBody(value: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } };
}
