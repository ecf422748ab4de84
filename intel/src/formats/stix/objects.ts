import type { Readable } from 'node:stream';
import type { Draft, StixObject } from '../../model/drafts.js';
import { isObject, nonEmpty as str } from '../lib/fields.js';
import { jsonArrayAt } from '../lib/json-stream.js';
import { simplePatternValues } from './pattern.js';

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

/** A STIX indicator with a simple pattern → typed indicator drafts, the object kept in context. */
function indicatorDrafts(where: string, object: StixObject): Draft[] | undefined {
  const patternType = str(object.pattern_type);
  if ((patternType && patternType !== 'stix') || typeof object.pattern !== 'string') return undefined;
  const values = simplePatternValues(object.pattern);
  if (!values) return undefined;
  const confidence = typeof object.confidence === 'number' ? object.confidence : undefined;
  return values.map(({ type, value }) => ({
    kind: 'indicator',
    where,
    type,
    value,
    sourceRef: object.id,
    stixId: object.id,
    name: str(object.name),
    description: str(object.description),
    pattern: object.pattern as string,
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
    context: { object_marking_refs: strings(object.object_marking_refs), stix: object },
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
