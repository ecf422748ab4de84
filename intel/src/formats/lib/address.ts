import type { IndicatorType } from '../../model/drafts.js';

/** `1.2.3.4:443`, `[2001:db8::1]:443` or a bare address → address, port, IPv4 or IPv6. */
export function splitAddressPort(raw: string): { address: string; port?: number; type: IndicatorType } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(raw);
  if (bracketed) return { address: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}), type: 'ipv6' };
  const colons = raw.split(':').length - 1;
  if (colons > 1) return { address: raw, type: 'ipv6' };
  const [address, port] = raw.split(':');
  return { address: address!, ...(port ? { port: Number(port) } : {}), type: 'ipv4' };
}
