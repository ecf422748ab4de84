import { isIPv6 } from 'node:net';
import type { IndicatorType } from '../../model/drafts.js';
import { splitAddressPort } from '../lib/address.js';

/**
 * One entry of a block list as the lists write them: a host name, an IP address (with a port or
 * not), a URL, or a host with a path. Only the type is decided here; the value stays as received
 * and the pipeline's normalisers validate and canonicalise it (IDN → punycode, refanged, lower-case),
 * so an entry that is no valid domain is rejected there with its position.
 */
export type ListEntry =
  | {
      kind: 'indicator';
      type: Extract<IndicatorType, 'domain' | 'ipv4' | 'ipv6' | 'url'>;
      value: string;
      port?: number;
    }
  /** A path without a host (`/evilginx-linux-amd64.tar.gz`): no indicator type holds it. */
  | { kind: 'path'; value: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const IPV4_PORT = /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/;
/** A host name with a port (`evil.example:8443`): the port goes to the context, as for addresses. */
const HOST_PORT = /^([^\s:/]+):(\d{1,5})$/;

export function listEntry(raw: string): ListEntry {
  const value = raw.trim();
  if (SCHEME.test(value)) return { kind: 'indicator', type: 'url', value };
  if (value.startsWith('/')) return { kind: 'path', value };
  if (value.includes('/')) return { kind: 'indicator', type: 'url', value };
  if (IPV4_PORT.test(value) || value.startsWith('[') || isIPv6(value)) {
    const address = splitAddressPort(value);
    return { kind: 'indicator', type: address.type, value: address.address, port: address.port };
  }
  const hostPort = HOST_PORT.exec(value);
  if (hostPort) return { kind: 'indicator', type: 'domain', value: hostPort[1]!, port: Number(hostPort[2]) };
  return { kind: 'indicator', type: 'domain', value };
}
