import type { Readable } from 'node:stream';
import type { Draft, StixObject } from '../../model/drafts.js';
import { isObject, nonEmpty as str } from '../lib/fields.js';
import { jsonArrayAt } from '../lib/json-stream.js';
import { parseSimplePattern, type PatternComparison } from './pattern.js';

/** Cyber observables: facts, not intelligence, unless an indicator or a sighting points at them. */
const SCO_TYPES = new Set([
  'artifact',
  'autonomous-system',
  'directory',
  'domain-name',
  'email-addr',
  'email-message',
  'file',
  'ipv4-addr',
  'ipv6-addr',
  'mac-addr',
  'mutex',
  'network-traffic',
  'process',
  'software',
  'url',
  'user-account',
  'windows-registry-key',
  'x509-certificate',
]);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The object as each value's provenance keeps it. One value: the object whole. An OR of several:
 * the object with only this value's comparison as its pattern, and where it stood in the OR (the
 * whole pattern in each of N provenance rows made an import's work and storage grow with N²:
 * 4,000 values stored 71 MB of context).
 */
function keptObject(object: StixObject, one: PatternComparison, index: number, count: number) {
  if (count === 1) return { stix: object };
  return {
    stix: { ...object, pattern: `[${one.comparison}]` },
    or_pattern: { comparisons: count, position: index + 1 },
  };
}

/** A STIX indicator with a simple pattern → typed indicator drafts, the object kept in context. */
function indicatorDrafts(where: string, object: StixObject): Draft[] | undefined {
  const patternType = str(object.pattern_type);
  if ((patternType && patternType !== 'stix') || typeof object.pattern !== 'string') return undefined;
  const parsed = parseSimplePattern(object.pattern);
  if (parsed.kind === 'too-many')
    return [
      {
        kind: 'reject',
        where,
        reason: `pattern: more than ${parsed.limit.toLocaleString('en')} comparisons joined by OR (the limit per pattern); split the indicator into smaller ones`,
      },
    ];
  if (parsed.kind === 'not-simple') return undefined;
  const { values } = parsed;
  const confidence = typeof object.confidence === 'number' ? object.confidence : undefined;
  return values.map((one, index) => ({
    kind: 'indicator',
    where,
    type: one.type,
    value: one.value,
    sourceRef: object.id,
    stixId: object.id,
    name: str(object.name),
    description: str(object.description),
    pattern: values.length === 1 ? (object.pattern as string) : `[${one.comparison}]`,
    firstSeen: str(object.valid_from) ?? str(object.created),
    lastSeen: str(object.modified) ?? str(object.created),
    validFrom: str(object.valid_from),
    validUntil: str(object.valid_until),
    ...(confidence !== undefined ? { confidence } : {}),
    revoked: object.revoked === true,
    labels: [...strings(object.labels), ...strings(object.indicator_types)],
    killChainPhases: Array.isArray(object.kill_chain_phases)
      ? (object.kill_chain_phases as { kill_chain_name: string; phase_name: string }[])
      : [],
    context: {
      object_marking_refs: strings(object.object_marking_refs),
      ...keptObject(object, one, index, values.length),
    },
  }));
}

/** One STIX object of a bundle as drafts (several for an OR pattern of several values). */
export function stixDrafts(where: string, value: unknown): Draft[] {
  if (!isObject(value) || typeof value.type !== 'string' || typeof value.id !== 'string')
    return [{ kind: 'reject', where, reason: 'not a STIX object (type and id are required)' }];
  const object = value as StixObject;
  if (object.type === 'bundle')
    return [{ kind: 'reject', where, reason: 'a bundle inside a bundle is not imported' }];
  if (object.type === 'relationship') return [{ kind: 'relationship', where, stix: object }];
  if (object.type === 'sighting') return [{ kind: 'sighting', where, stix: object }];
  if (SCO_TYPES.has(object.type)) return [{ kind: 'ignored', where, what: `STIX SCO ${object.type}` }];
  if (object.type === 'indicator') {
    const indicators = indicatorDrafts(where, object);
    if (indicators) return indicators;
  }
  return [{ kind: 'object', where, stix: object }];
}

/** Every object of a bundle's `objects` array, streamed. */
export async function* bundleDrafts(input: Readable): AsyncGenerator<Draft> {
  for await (const { key, value } of jsonArrayAt(input, 'objects', 'a STIX bundle'))
    yield* stixDrafts(`$.objects[${key}]`, value);
}

/** A bundle, seen from its first bytes. */
export const looksLikeBundle = (head: string) =>
  head.trimStart().startsWith('{') && /"type"\s*:\s*"bundle"/.test(head) && head.includes('"objects"');
export const looksLikeAttack = (head: string) =>
  head.includes('"x_mitre_') || head.includes('"mitre-attack"');
