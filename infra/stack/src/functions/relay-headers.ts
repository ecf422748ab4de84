/**
 * Header handling between the gateway and a function process: hop-by-hop headers stay on their
 * own connection, the client's address travels as X-Forwarded-*, and CORS headers are merged with
 * the ones the gateway's CORS layer already set, so a function that adds its own (as functions must
 * on the hosted platform) never produces duplicates the browser would reject.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  // Node's server already answered `Expect: 100-continue`; the function must not wait for it again.
  'expect',
]);

function hopByHop(headers: IncomingHttpHeaders): Set<string> {
  const names = new Set(HOP_BY_HOP);
  const connection = headers.connection;
  for (const name of (Array.isArray(connection) ? connection.join(',') : (connection ?? '')).split(',')) {
    if (name.trim() !== '') names.add(name.trim().toLowerCase());
  }
  return names;
}

export function forwardRequestHeaders(
  headers: IncomingHttpHeaders,
  client: { ip: string; host: string | undefined },
): OutgoingHttpHeaders {
  const skip = hopByHop(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !skip.has(name)) out[name] = value;
  }
  // The gateway is the edge: whatever X-Forwarded-For a client sends is its own claim, and a function
  // that rate-limits by address must see only the address the gateway saw.
  out['x-forwarded-for'] = client.ip;
  out['x-forwarded-proto'] ??= 'http';
  if (client.host !== undefined) out['x-forwarded-host'] ??= client.host;
  return out;
}

function listUnion(existing: string, added: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of `${existing},${added}`.split(',')) {
    const trimmed = item.trim();
    if (trimmed === '' || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  }
  return out.join(', ');
}

/**
 * Copies the function's response headers onto `res`, which may already hold the gateway's CORS
 * headers. The gateway's origin allow-list decides whether an origin is allowed at all: when it
 * did not allow the origin, the function's Access-Control-Allow-Origin is dropped; when it did,
 * the function may narrow `*` to its own value. Exposed headers and Vary are merged.
 */
export function copyResponseHeaders(headers: IncomingHttpHeaders, res: ServerResponse): void {
  const skip = hopByHop(headers);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || skip.has(name)) continue;
    if (name === 'access-control-allow-origin') {
      if (res.hasHeader(name)) res.setHeader(name, value);
      continue;
    }
    if ((name === 'access-control-expose-headers' || name === 'vary') && res.hasHeader(name)) {
      res.setHeader(name, listUnion(String(res.getHeader(name)), String(value)));
      continue;
    }
    res.setHeader(name, value);
  }
}
