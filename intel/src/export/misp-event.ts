import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { IndicatorType } from '../model/drafts.js';
import { simplePatternValues } from '../formats/stix/pattern.js';
import { TLP_LEVELS, TLP_MARKINGS, type StixObject } from './stix-pages.js';
import { write } from './write-stream.js';

export const MISP_TYPE: Record<IndicatorType, { type: string; category: string; comment?: string }> = {
  ipv4: { type: 'ip-dst', category: 'Network activity' },
  ipv6: { type: 'ip-dst', category: 'Network activity' },
  domain: { type: 'domain', category: 'Network activity' },
  url: { type: 'url', category: 'Network activity' },
  email: { type: 'email-src', category: 'Payload delivery' },
  md5: { type: 'md5', category: 'Payload delivery' },
  sha1: { type: 'sha1', category: 'Payload delivery' },
  sha256: { type: 'sha256', category: 'Payload delivery' },
  sha512: { type: 'sha512', category: 'Payload delivery' },
  // MISP takes a CIDR range as an ip-dst value.
  'ipv4-cidr': { type: 'ip-dst', category: 'Network activity' },
  'ipv6-cidr': { type: 'ip-dst', category: 'Network activity' },
  asn: { type: 'AS', category: 'Network activity' },
  ja3: { type: 'ja3-fingerprint-md5', category: 'Network activity' },
  // MISP has no attribute type for JA3S or JA4: text keeps the value, the comment says what it is.
  ja3s: { type: 'text', category: 'Network activity', comment: 'JA3S fingerprint' },
  ja4: { type: 'text', category: 'Network activity', comment: 'JA4 fingerprint' },
  'user-agent': { type: 'user-agent', category: 'Network activity' },
  filename: { type: 'filename', category: 'Payload delivery' },
  mutex: { type: 'mutex', category: 'Artifacts dropped' },
  'registry-key': { type: 'regkey', category: 'Persistence mechanism' },
  'email-subject': { type: 'email-subject', category: 'Payload delivery' },
};

const unix = (iso: unknown) => String(Math.floor(Date.parse(String(iso)) / 1000) || 0);

function tlpTag(object: StixObject): string | undefined {
  const refs = Array.isArray(object.object_marking_refs) ? (object.object_marking_refs as string[]) : [];
  const levels = TLP_LEVELS.filter((l) => refs.includes(TLP_MARKINGS[l]));
  return levels.length ? `tlp:${levels[levels.length - 1]}` : undefined;
}

/** The MISP attributes of a STIX indicator with a simple pattern (one per value); none otherwise. */
export function mispAttributes(object: StixObject): Record<string, unknown>[] {
  if (object.type !== 'indicator' || typeof object.pattern !== 'string') return [];
  const values = simplePatternValues(object.pattern) ?? [];
  const tlp = tlpTag(object);
  const labels = Array.isArray(object.labels) ? (object.labels as string[]) : [];
  const uuid = object.id.slice('indicator--'.length);
  return values.map(({ type, value }, i) => ({
    // One value keeps the indicator's own UUID, so the same indicator exports the same attribute.
    uuid: i === 0 ? uuid : randomUUID(),
    type: MISP_TYPE[type].type,
    category: MISP_TYPE[type].category,
    value,
    to_ids: true,
    comment: [MISP_TYPE[type].comment, typeof object.description === 'string' ? object.description : '']
      .filter(Boolean)
      .join(': '),
    timestamp: unix(object.modified),
    ...(typeof object.valid_from === 'string' ? { first_seen: object.valid_from } : {}),
    Tag: [...(tlp ? [tlp] : []), ...labels].map((name) => ({ name })),
  }));
}

/** One MISP event (`{"Event": …}`) holding the selection's indicators, written attribute by attribute. */
export async function writeMispEvent(
  pages: AsyncIterable<StixObject[]>,
  out: Writable,
  info = 'CTI platform export',
  now = new Date(),
): Promise<number> {
  const event = {
    uuid: randomUUID(),
    info,
    date: now.toISOString().slice(0, 10),
    timestamp: unix(now.toISOString()),
    threat_level_id: '4',
    analysis: '2',
    distribution: '0',
    published: false,
    Tag: [] as unknown[],
  };
  await write(out, `{"Event":${JSON.stringify(event).slice(0, -1)},"Attribute":[`);
  let count = 0;
  for await (const objects of pages) {
    for (const attribute of objects.flatMap(mispAttributes)) {
      await write(out, `${count === 0 ? '\n' : ',\n'}${JSON.stringify(attribute)}`);
      count += 1;
    }
  }
  await write(out, '\n]}}\n');
  return count;
}
