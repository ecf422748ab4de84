/**
 * One HTTP exchange over Node's http/https with keep-alive agents, timed the way k6 splits a
 * request (blocked, connecting, tls_handshaking, sending, waiting, receiving), optionally from a
 * given local address (k6's `localIPs`, assigned to VUs round-robin).
 */
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

export interface Exchange {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
  timings: {
    blocked: number;
    connecting: number;
    tls_handshaking: number;
    sending: number;
    waiting: number;
    receiving: number;
  };
}

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  timeoutMs: number;
  signal: AbortSignal;
  localAddress?: string;
}

const agents = new Map<string, http.Agent>();

function agentFor(secure: boolean, localAddress = ''): http.Agent {
  const key = `${secure}|${localAddress}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: Infinity, ...(localAddress ? { localAddress } : {}) };
    agent = secure ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

let localIps: string[] = [];

/** k6's `localIPs`: '127.0.1.10-127.0.1.20', a CIDR-less range or a comma-separated list. */
export function parseLocalIps(spec: string | undefined): string[] {
  if (!spec) return [];
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.trim().split('-');
    if (!to) return [from!];
    const a = from!.split('.').map(Number);
    const b = to.split('.').map(Number);
    const start = a.reduce((n, o) => n * 256 + o, 0);
    const end = b.reduce((n, o) => n * 256 + o, 0);
    if (!(end >= start) || end - start > 65_535) throw new Error(`Invalid localIPs range ${part}`);
    return Array.from({ length: end - start + 1 }, (_, i) => {
      const n = start + i;
      return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    });
  });
}

export function setLocalIps(spec: string | undefined): void {
  localIps = parseLocalIps(spec);
}

/** The address VU `vu` sends from (round-robin, as k6 assigns them), or the system's choice. */
export function localAddressFor(vu: number): string | undefined {
  return localIps.length ? localIps[(Math.max(1, vu) - 1) % localIps.length] : undefined;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export function exchange(request: ExchangeRequest): Promise<Exchange> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const t0 = performance.now();
  let socketAt = t0;
  let connectAt = t0;
  let tlsAt = t0;
  let sentAt = t0;
  let headersAt = t0;
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.body ? { 'Content-Length': String(request.body.length) } : {}),
      },
      agent: agentFor(secure, request.localAddress),
      signal: request.signal,
    });
    req.setTimeout(request.timeoutMs, () =>
      req.destroy(Object.assign(new Error('request timeout'), { code: 'ETIMEDOUT' })),
    );
    req.on('socket', (socket: Socket) => {
      socketAt = performance.now();
      connectAt = tlsAt = socketAt;
      if (socket.connecting) {
        socket.once('connect', () => (connectAt = tlsAt = performance.now()));
        socket.once('secureConnect', () => (tlsAt = performance.now()));
      }
    });
    req.on('finish', () => (sentAt = performance.now()));
    req.on('error', reject);
    req.on('response', (res) => {
      headersAt = performance.now();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const ended = performance.now();
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({
          status: res.statusCode ?? 0,
          statusText: `${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
          headers,
          body: Buffer.concat(chunks),
          timings: {
            blocked: socketAt - t0,
            connecting: connectAt - socketAt,
            tls_handshaking: tlsAt - connectAt,
            sending: Math.max(0, sentAt - tlsAt),
            waiting: headersAt - Math.max(sentAt, tlsAt),
            receiving: ended - headersAt,
          },
        });
      });
    });
    req.end(request.body);
  });
}
