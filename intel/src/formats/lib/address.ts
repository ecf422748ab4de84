import type { IndicatorType } from '../../model/drafts.js';

export interface AddressPort {
  address: string;
  port?: number;
  type: Extract<IndicatorType, 'ipv4' | 'ipv6'>;
}

/**
 * `1.2.3.4:443`, `[2001:db8::1]:443` or a bare address → address, port, and IPv4 or IPv6 by its
 * shape (validity is the normaliser's business). Two or more colons without brackets are a bare
 * IPv6 address: a port cannot be told apart from its last group.
 */
export function splitAddressPort(raw: string): AddressPort {
  const bracketed = /^\[([^\]]*)\](?::(\d{1,5}))?$/.exec(raw);
  if (bracketed)
    return { address: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}), type: 'ipv6' };
  const colon = raw.indexOf(':');
  if (colon === -1) return { address: raw, type: 'ipv4' };
  if (raw.indexOf(':', colon + 1) !== -1) return { address: raw, type: 'ipv6' };
  const port = raw.slice(colon + 1);
  // A port that is not a number stays in the value, so the normaliser rejects the whole thing.
  return /^\d{1,5}$/.test(port)
    ? { address: raw.slice(0, colon), port: Number(port), type: 'ipv4' }
    : { address: raw, type: 'ipv4' };
}

/**
 * An address as a feed writes it, perhaps as a range (`10.0.0.0/8`): a range is ipv4-cidr or
 * ipv6-cidr, except a single-address one (/32, /128), which is the address itself.
 */
export function addressOrRange(raw: string): {
  type: Extract<IndicatorType, 'ipv4' | 'ipv6' | 'ipv4-cidr' | 'ipv6-cidr'>;
  value: string;
} {
  const value = raw.trim();
  const v6 = value.includes(':');
  const slash = value.lastIndexOf('/');
  if (slash === -1) return { type: v6 ? 'ipv6' : 'ipv4', value };
  const prefix = value.slice(slash + 1);
  if (prefix === (v6 ? '128' : '32')) return { type: v6 ? 'ipv6' : 'ipv4', value: value.slice(0, slash) };
  return { type: v6 ? 'ipv6-cidr' : 'ipv4-cidr', value };
}
