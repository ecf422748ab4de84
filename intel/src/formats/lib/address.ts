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
