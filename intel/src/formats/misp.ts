import type { Draft, IndicatorType } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { addressOrRange } from './lib/address.js';
import { isObject, nonEmpty as str } from './lib/fields.js';
import { jsonDocument } from './lib/json-stream.js';
import { clusterObject, stixTypeForGalaxy } from './misp/galaxy-objects.js';

const MAX_EVENT_BYTES = 256 * 1024 * 1024;
type Obj = Record<string, unknown>;
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : []);

/**
 * MISP attribute types we keep, and which part of a composite `a|b` value is which indicator.
 * Not kept (counted as ignored by type): `jarm-fingerprint` (an active scan's server fingerprint
 * that no sensor log carries), the `regkey|value` data, ports, and hashes we have no type for.
 */
type Kind = IndicatorType | 'ip';
const SIMPLE: Record<string, Kind> = {
  'ip-src': 'ip',
  'ip-dst': 'ip',
  domain: 'domain',
  hostname: 'domain',
  url: 'url',
  'email-src': 'email',
  'email-dst': 'email',
  email: 'email',
  md5: 'md5',
  sha1: 'sha1',
  sha256: 'sha256',
  sha512: 'sha512',
  AS: 'asn',
  'ja3-fingerprint-md5': 'ja3',
  'user-agent': 'user-agent',
  filename: 'filename',
  mutex: 'mutex',
  regkey: 'registry-key',
  'email-subject': 'email-subject',
};
const COMPOSITE: Record<string, [Kind, Kind | undefined]> = {
  'ip-src|port': ['ip', undefined],
  'ip-dst|port': ['ip', undefined],
  'domain|ip': ['domain', 'ip'],
  'filename|md5': ['filename', 'md5'],
  'filename|sha1': ['filename', 'sha1'],
  'filename|sha256': ['filename', 'sha256'],
  'filename|sha512': ['filename', 'sha512'],
  'hostname|port': ['domain', undefined],
  'regkey|value': ['registry-key', undefined],
};

/** An address, or a range when MISP's ip-src/ip-dst carries a CIDR (`10.0.0.0/8`). */
const typedValue = (kind: Kind, value: string) =>
  kind === 'ip' ? addressOrRange(value) : { type: kind, value };

/** The typed values of one attribute (two for `domain|ip`, `filename|sha256`), or why it is not kept. */
function attributeValues(type: string, value: string): { type: IndicatorType; value: string }[] | string {
  const simple = SIMPLE[type];
  if (simple) return [typedValue(simple, value)];
  const composite = COMPOSITE[type];
  if (!composite) return `MISP attribute type ${type}`;
  // MISP splits a composite at its first `|` (a registry value's data may hold more).
  const bar = value.indexOf('|');
  const parts = bar === -1 ? [value] : [value.slice(0, bar), value.slice(bar + 1)];
  const values: { type: IndicatorType; value: string }[] = [];
  composite.forEach((kind, i) => {
    const part = parts[i]?.trim();
    if (kind && part) values.push(typedValue(kind, part));
  });
  return values;
}

const tagNames = (tags: unknown) =>
  list(tags)
    .map((t) => str(t.name))
    .filter((n): n is string => !!n);
const tlpTag = (names: string[]) => names.find((n) => /^tlp:/i.test(n));
/** PAP:<level> tags (MISP's PAP taxonomy) say what may be done with the value outside the platform. */
const papTag = (names: string[]) => names.find((n) => /^pap:/i.test(n));
const plainTags = (names: string[]) =>
  names.filter((n) => !/^(tlp|pap):/i.test(n) && !n.startsWith('misp-galaxy:'));
const unixDate = (value: unknown) => {
  const seconds = Number(str(value));
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined;
};

function* eventDrafts(event: Obj, base: string): Generator<Draft> {
  const eventTags = tagNames(event.Tag);
  const eventUuid = str(event.uuid);
  const when =
    unixDate(event.timestamp) ?? (str(event.date) ? `${str(event.date)}T00:00:00.000Z` : undefined);
  const malware: string[] = [];
  for (const [g, galaxy] of list(event.Galaxy).entries()) {
    const galaxyType = str(galaxy.type) ?? '';
    const stixType = stixTypeForGalaxy(galaxyType);
    for (const [c, cluster] of list(galaxy.GalaxyCluster).entries()) {
      const where = `${base}.Galaxy[${g}].GalaxyCluster[${c}]`;
      if (!stixType) {
        yield { kind: 'ignored', where, what: `MISP galaxy type ${galaxyType || '(unknown)'}` };
        continue;
      }
      const object = clusterObject(galaxyType, stixType, cluster);
      if (typeof object === 'string') yield { kind: 'reject', where, reason: object };
      else {
        if (stixType === 'malware' && typeof object.name === 'string') malware.push(object.name);
        yield { kind: 'object', where, stix: object };
      }
    }
  }
  if (eventUuid)
    yield {
      kind: 'object',
      where: base,
      stix: {
        type: 'report',
        spec_version: '2.1',
        id: `report--${eventUuid.toLowerCase()}`,
        name: str(event.info) ?? eventUuid,
        ...(str(event.date) ? { published: `${str(event.date)}T00:00:00.000Z` } : {}),
        ...(when ? { created: when, modified: when } : {}),
        labels: plainTags(eventTags),
        report_types: ['threat-report'],
        x_misp_event_uuid: eventUuid,
      },
    };
  const attributes = [
    ...list(event.Attribute).map((a, i) => ({ a, where: `${base}.Attribute[${i}]` })),
    ...list(event.Object).flatMap((o, i) =>
      list(o.Attribute).map((a, j) => ({ a, where: `${base}.Object[${i}].Attribute[${j}]` })),
    ),
  ];
  for (const { a, where } of attributes) {
    const type = str(a.type) ?? '';
    const value = str(a.value);
    if (a.to_ids !== true && a.to_ids !== '1' && a.to_ids !== 1) {
      yield { kind: 'ignored', where, what: 'MISP attribute without to_ids' };
      continue;
    }
    if (!value) {
      yield { kind: 'reject', where, reason: 'the attribute has no value' };
      continue;
    }
    const typed = attributeValues(type, value);
    if (typeof typed === 'string') {
      yield { kind: 'ignored', where, what: typed };
      continue;
    }
    const tags = tagNames(a.Tag);
    const tlp = tlpTag(tags) ?? tlpTag(eventTags);
    const pap = papTag(tags) ?? papTag(eventTags);
    for (const item of typed)
      yield {
        kind: 'indicator',
        where,
        type: item.type,
        value: item.value,
        sourceRef: str(a.uuid),
        description: str(a.comment),
        firstSeen: str(a.first_seen) ?? (str(event.date) ? `${str(event.date)}T00:00:00Z` : undefined),
        lastSeen: str(a.last_seen) ?? unixDate(a.timestamp),
        labels: plainTags([...eventTags, ...tags]),
        malware,
        context: {
          ...(tlp ? { tlp_tag: tlp } : {}),
          ...(pap ? { pap_tag: pap } : {}),
          misp_type: type,
          category: str(a.category),
          event_uuid: eventUuid,
          event_info: str(event.info),
        },
      };
  }
}

/** MISP event JSON (`{Event}`, `{response: [{Event}]}` or `[{Event}]`). */
export const mispFormat: FormatAdapter = {
  name: 'misp',
  description: 'MISP event JSON',
  defaults: { name: 'MISP events', kind: 'misp', reliability: 'B', tlp: 'amber', confidence: 70 },
  detect: ({ head }) =>
    /^\s*[[{]/.test(head) &&
    head.includes('"Event"') &&
    (head.includes('"Attribute"') || head.includes('"info"')),
  async *parse(input): AsyncGenerator<Draft> {
    const document = await jsonDocument(input, MAX_EVENT_BYTES, 'a MISP event file');
    const wrapped =
      isObject(document) && Array.isArray(document.response)
        ? document.response
        : Array.isArray(document)
          ? document
          : [document];
    const base =
      isObject(document) && Array.isArray(document.response)
        ? '$.response'
        : Array.isArray(document)
          ? '$'
          : '';
    let events = 0;
    for (const [i, item] of wrapped.entries()) {
      if (!isObject(item) || !isObject(item.Event)) continue;
      events++;
      yield* eventDrafts(item.Event, base ? `${base}[${i}].Event` : '$.Event');
    }
    if (events === 0) throw new (await import('./format.js')).InputRefused('no MISP Event in the file');
  },
};
