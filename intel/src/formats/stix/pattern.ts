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

/**
 * A quoted string, or an integer (autonomous-system:number is one). Sticky (`y`): each comparison
 * is matched where the last one ended, so reading a pattern is linear in its length.
 */
const COMPARISON = /\s*([a-z0-9-]+:[A-Za-z0-9_.'-]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|([0-9]+)(?![0-9.]))\s*/y;
const OR = /OR\s+/y;

/**
 * The most comparisons one pattern may OR (issue 36 item 5). Each becomes an indicator with its own
 * provenance row, so a pattern costs work and storage linear in its comparisons; past this bound
 * the indicator is refused with the reason instead (split it into several indicators).
 */
export const MAX_PATTERN_COMPARISONS = 10_000;

export interface PatternValue {
  type: IndicatorType;
  value: string;
}

/** A value of a simple pattern with the comparison that names it, as written (`ipv4-addr:value = '…'`). */
export interface PatternComparison extends PatternValue {
  comparison: string;
}

export type SimplePattern =
  | { kind: 'values'; values: PatternComparison[] }
  | { kind: 'not-simple' }
  | { kind: 'too-many'; limit: number };

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

/**
 * Reads a pattern as a simple one (see PROPERTIES), in one pass: its values, or why not: not
 * simple, or more than `limit` comparisons (counted as they are read, so a huge pattern costs no
 * more than the bound).
 */
export function parseSimplePattern(pattern: string, limit = MAX_PATTERN_COMPARISONS): SimplePattern {
  const body = /^\s*\[(.*)\]\s*$/s.exec(pattern)?.[1];
  if (body === undefined) return { kind: 'not-simple' };
  const values: PatternComparison[] = [];
  let at = 0;
  for (;;) {
    if (values.length === limit) return { kind: 'too-many', limit };
    COMPARISON.lastIndex = at;
    const match = COMPARISON.exec(body);
    if (!match) return { kind: 'not-simple' };
    const property = match[1]!.replace(/'/g, '').toLowerCase();
    const quoted = match[2] !== undefined;
    const value = typedValue(property, quoted ? match[2]!.replace(/\\(.)/g, '$1') : match[3]!, quoted);
    if (!value) return { kind: 'not-simple' };
    values.push({ ...value, comparison: match[0].trim() });
    at = COMPARISON.lastIndex;
    if (at === body.length) return { kind: 'values', values };
    OR.lastIndex = at;
    if (!OR.exec(body)) return { kind: 'not-simple' };
    at = OR.lastIndex;
  }
}

/** The typed values of a simple pattern, or undefined when it is not one (or ORs past the bound). */
export function simplePatternValues(pattern: string): PatternValue[] | undefined {
  const parsed = parseSimplePattern(pattern);
  return parsed.kind === 'values' ? parsed.values.map(({ type, value }) => ({ type, value })) : undefined;
}
