import type { IndicatorType } from '../../model/drafts.js';
import { addressOrRange } from '../lib/address.js';

/**
 * The part of STIX patterning that maps to typed indicators: one observation `[…]` whose
 * comparisons are `=` on a supported property, joined only by OR (any of them indicates).
 * Anything richer (AND, FOLLOWEDBY, other properties, ISSUBSET) is kept as an object instead.
 * The properties are those the indicators table writes in its patterns (so exports read back):
 * STIX has no JA3/JA4 property, and ours live in a custom network-traffic extension, x-tls-ext.
 */
const PROPERTIES: Record<string, IndicatorType | 'ip'> = {
  'ipv4-addr:value': 'ip',
  'ipv6-addr:value': 'ip',
  'domain-name:value': 'domain',
  'url:value': 'url',
  'email-addr:value': 'email',
  'file:hashes.md5': 'md5',
  'file:hashes.sha-1': 'sha1',
  'file:hashes.sha1': 'sha1',
  'file:hashes.sha-256': 'sha256',
  'file:hashes.sha256': 'sha256',
  'file:hashes.sha-512': 'sha512',
  'file:hashes.sha512': 'sha512',
  'autonomous-system:number': 'asn',
  'file:name': 'filename',
  'mutex:name': 'mutex',
  'windows-registry-key:key': 'registry-key',
  'email-message:subject': 'email-subject',
  'network-traffic:extensions.http-request-ext.request_header.user-agent': 'user-agent',
  'network-traffic:extensions.x-tls-ext.ja3': 'ja3',
  'network-traffic:extensions.x-tls-ext.ja3s': 'ja3s',
  'network-traffic:extensions.x-tls-ext.ja4': 'ja4',
};

/** A quoted string, or an integer (autonomous-system:number is one). */
const COMPARISON = /^\s*([a-z0-9-]+:[A-Za-z0-9_.'-]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|([0-9]+)(?![0-9.]))\s*/;

export interface PatternValue {
  type: IndicatorType;
  value: string;
}

function typedValue(property: string, literal: string, quoted: boolean): PatternValue | undefined {
  const kind = PROPERTIES[property];
  if (!kind || (!quoted && kind !== 'asn')) return undefined;
  if (kind === 'ip') {
    const typed = addressOrRange(literal);
    // An ipv6 value under ipv4-addr (or the reverse) is not the pattern it claims to be.
    return typed.type.startsWith(property.startsWith('ipv4') ? 'ipv4' : 'ipv6') ? typed : undefined;
  }
  return { type: kind, value: literal };
}

/** The typed values of a simple pattern, or undefined when it is not one. */
export function simplePatternValues(pattern: string): PatternValue[] | undefined {
  const body = /^\s*\[(.*)\]\s*$/s.exec(pattern)?.[1];
  if (body === undefined) return undefined;
  const values: PatternValue[] = [];
  let rest = body;
  for (;;) {
    const match = COMPARISON.exec(rest);
    if (!match) return undefined;
    const property = match[1]!.replace(/'/g, '').toLowerCase();
    const quoted = match[2] !== undefined;
    const value = typedValue(property, quoted ? match[2]!.replace(/\\(.)/g, '$1') : match[3]!, quoted);
    if (!value) return undefined;
    values.push(value);
    rest = rest.slice(match[0].length);
    if (rest.trim() === '') return values;
    const or = /^OR\s+/.exec(rest);
    if (!or) return undefined;
    rest = rest.slice(or[0].length);
  }
}
