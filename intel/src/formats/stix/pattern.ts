import type { IndicatorType } from '../../model/drafts.js';

/**
 * The part of STIX patterning that maps to typed indicators: one observation `[…]` whose
 * comparisons are `=` on a supported property, joined only by OR (any of them indicates).
 * Anything richer (AND, FOLLOWEDBY, other properties, CIDR ranges) is kept as an object instead.
 */
const PROPERTIES: Record<string, IndicatorType> = {
  'ipv4-addr:value': 'ipv4',
  'ipv6-addr:value': 'ipv6',
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
};

const COMPARISON = /^\s*([a-z0-9-]+:[A-Za-z0-9_.'-]+)\s*=\s*'((?:[^'\\]|\\.)*)'\s*/;

export interface PatternValue {
  type: IndicatorType;
  value: string;
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
    const type = PROPERTIES[property];
    const value = match[2]!.replace(/\\(.)/g, '$1');
    if (!type || ((type === 'ipv4' || type === 'ipv6') && value.includes('/'))) return undefined;
    values.push({ type, value });
    rest = rest.slice(match[0].length);
    if (rest.trim() === '') return values;
    const or = /^OR\s+/.exec(rest);
    if (!or) return undefined;
    rest = rest.slice(or[0].length);
  }
}
