import type { Canonical } from './canonical-result.js';
import { isIPv4, isIPv6 } from './hosts.js';

/**
 * Ranges wider than these would match a continent's worth of addresses: such an "indicator" is a
 * mistake (or a warninglist entry), never something to alert on.
 */
export const NARROWEST_ALLOWED_PREFIX = { ipv4: 8, ipv6: 16 } as const;

const show = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

function split(raw: string): { address: string; prefix: number } | undefined {
  const slash = raw.indexOf('/');
  if (slash === -1) return undefined;
  const prefix = raw.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(prefix)) return undefined;
  return { address: raw.slice(0, slash), prefix: Number(prefix) };
}

/** `10.0.0.5/8` → `10.0.0.0/8`, saying so: the host bits carry no meaning in a range. */
export function canonicalIpv4Cidr(raw: string): Canonical {
  const parts = split(raw);
  if (!parts || !isIPv4(parts.address) || parts.prefix > 32)
    return { ok: false, reason: `not an IPv4 range in CIDR form (a.b.c.d/n): ${show(raw)}` };
  if (parts.prefix < NARROWEST_ALLOWED_PREFIX.ipv4)
    return {
      ok: false,
      reason: `IPv4 range wider than /${NARROWEST_ALLOWED_PREFIX.ipv4} (too broad to be an indicator): ${show(raw)}`,
    };
  const number = parts.address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const size = 2 ** (32 - parts.prefix);
  const network = Math.floor(number / size) * size;
  const text = [24, 16, 8, 0].map((shift) => Math.floor(network / 2 ** shift) % 256).join('.');
  return withNote(raw, `${text}/${parts.prefix}`, network !== number);
}

/** `2001:DB8::1/32` → `2001:db8::/32` (RFC 5952, host bits cleared). */
export function canonicalIpv6Cidr(raw: string): Canonical {
  const parts = split(raw);
  if (!parts || parts.address.includes('%') || !isIPv6(parts.address) || parts.prefix > 128)
    return { ok: false, reason: `not an IPv6 range in CIDR form (prefix/n): ${show(raw)}` };
  if (parts.prefix < NARROWEST_ALLOWED_PREFIX.ipv6)
    return {
      ok: false,
      reason: `IPv6 range wider than /${NARROWEST_ALLOWED_PREFIX.ipv6} (too broad to be an indicator): ${show(raw)}`,
    };
  const address = bigintOf(parts.address);
  const hostBits = 128n - BigInt(parts.prefix);
  const network = (address >> hostBits) << hostBits;
  const hextets = Array.from({ length: 8 }, (_, i) => Number((network >> BigInt(112 - 16 * i)) & 0xffffn));
  // ::/80 holds the unspecified, loopback and IPv4-embedding addresses, which PostgreSQL writes
  // with a dotted quad: not a range anyone reports, and its text would differ from ours.
  if (hextets.slice(0, 5).every((h) => h === 0))
    return { ok: false, reason: `IPv6 range inside ::/80 (loopback or IPv4-mapped): ${show(raw)}` };
  const text = new URL(`http://[${hextets.map((h) => h.toString(16)).join(':')}]/`).hostname.slice(1, -1);
  return withNote(raw, `${text}/${parts.prefix}`, network !== address);
}

function withNote(raw: string, value: string, hostBitsSet: boolean): Canonical {
  return hostBitsSet
    ? { ok: true, value, note: `host bits set in ${show(raw)}: stored as the network ${value}` }
    : { ok: true, value };
}

/** The 128-bit number of an IPv6 address (embedded dotted quads included). */
function bigintOf(address: string): bigint {
  const expanded = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail = ''] = expanded.split('::');
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const left = groups(head);
  const right = groups(tail);
  const all = expanded.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return all.reduce((n, group) => (n << 16n) + BigInt(parseInt(group, 16)), 0n);
}
