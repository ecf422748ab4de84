/**
 * The one place that decides a request's client address, for every limit and every log (gateway,
 * auth, storage, REST's request.headers, edge functions). The peer, or behind a proxy we were told
 * to trust ([stack] web_trusted_proxies: addresses or CIDR ranges, like Kong's `trusted_ips`) the
 * rightmost X-Forwarded-For hop that is not one of those proxies: hops to its left were written by
 * the client and prove nothing. From an untrusted peer the header is ignored, so it cannot buy a
 * fresh budget; without the trusted list every visitor behind the TLS proxy would share its one.
 */
import type { IncomingMessage } from 'node:http';
import { isIP, type BlockList } from 'node:net';
import { inAddressRanges, normaliseAddress, parseAddressRanges } from '../config/address-ranges.js';

export { normaliseAddress };

const SETTING = '[stack] web_trusted_proxies';

const compiled = new WeakMap<readonly string[], BlockList>();

function trustedList(entries: readonly string[]): BlockList {
  let list = compiled.get(entries);
  if (!list) {
    list = parseAddressRanges(entries, SETTING);
    compiled.set(entries, list);
  }
  return list;
}

/** Whether `address` (as a socket or a header gives it) is one of the trusted proxies. */
export function isTrustedProxy(address: string | undefined, entries: readonly string[]): boolean {
  if (entries.length === 0) return false;
  return inAddressRanges(trustedList(entries), address);
}

export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = normaliseAddress(req.socket.remoteAddress) || 'unknown';
  if (!isTrustedProxy(peer, trustedProxies)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => normaliseAddress(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i]!;
    if (isTrustedProxy(hop, trustedProxies)) continue;
    // A hop that is not an address (junk, "unknown") names nobody: the proxy is the best we know.
    return isIP(hop) ? hop : peer;
  }
  return peer;
}
