import { isIPv4, isIPv6 } from 'node:net';

/**
 * A cidr entry as its network: `10.0.0.1/8` names 10.0.0.0/8 (PostgreSQL's `cidr` refuses host
 * bits), so the host bits are cleared and the import says so. A bare address is its /32 or /128.
 */

export type CidrEntry =
  { ok: true; network: string; hostBitsCleared: boolean } | { ok: false; reason: string };

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
}

function bigIntToIpv4(n: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 255n)).join('.');
}

/** An IPv6 address as 128 bits; an embedded IPv4 tail (`::ffff:1.2.3.4`) included. */
function ipv6ToBigInt(address: string): bigint {
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToBigInt(v4[1]!);
    text = `${text.slice(0, v4.index)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** RFC 5952 text (lower-case, the longest run of two or more zero groups as `::`). */
function bigIntToIpv6(n: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(112 - 16 * i)) & 0xffffn));
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

export function cidrEntry(raw: string): CidrEntry {
  const [address = '', prefix, extra] = raw.split('/');
  const v4 = isIPv4(address);
  if (extra !== undefined || (!v4 && !isIPv6(address)))
    return { ok: false, reason: `"${raw.slice(0, 80)}" is not an IPv4 or IPv6 address or CIDR range` };
  const bits = v4 ? 32 : 128;
  const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length >= 0 && length <= bits))
    return { ok: false, reason: `"${raw.slice(0, 80)}" has a prefix length outside 0–${bits}` };
  const value = v4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
  const mask = ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - length)) - 1n);
  const network = value & mask;
  return {
    ok: true,
    network: `${v4 ? bigIntToIpv4(network) : bigIntToIpv6(network)}/${length}`,
    hostBitsCleared: network !== value,
  };
}
