/**
 * Two producers' bundles naming one value by two STIX ids, for the id-survival checks (issue 27
 * §5): producer A sends `indicator--A`, a malware and `A indicates malware`, plus a link to a
 * malware it never sent; producer B sends the same value as `indicator--B` and `B indicates
 * malware`. Ids are fixed so the tests compare ids, not only values.
 */
import { tempFile } from './db.js';

export const IDS = {
  a: 'indicator--0b6a2c1e-5d4f-4e3a-9b8c-7d6e5f4a3b21',
  b: 'indicator--7e1d9c3b-2a4f-4d6e-8f0a-1b2c3d4e5f60',
  malware: 'malware--4f3e2d1c-0b9a-4887-a665-5d4c3b2a1f09',
  absentMalware: 'malware--9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  aIndicates: 'relationship--1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  aIndicatesAbsent: 'relationship--2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  bIndicates: 'relationship--3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
} as const;

export const VALUE = 'survives.example.net';

const base = {
  spec_version: '2.1',
  created: '2026-03-01T10:00:00.000Z',
  modified: '2026-03-01T10:00:00.000Z',
};

const indicator = (id: string) => ({
  ...base,
  type: 'indicator',
  id,
  name: 'Producer host',
  pattern: `[domain-name:value = '${VALUE}']`,
  pattern_type: 'stix',
  valid_from: '2026-03-01T00:00:00.000Z',
});

const indicates = (id: string, source: string, target: string) => ({
  ...base,
  type: 'relationship',
  id,
  relationship_type: 'indicates',
  source_ref: source,
  target_ref: target,
});

const bundle = (name: string, objects: object[]) =>
  tempFile(
    name,
    JSON.stringify({ type: 'bundle', id: 'bundle--5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9', objects }),
  );

/** Producer A: indicator--A, its malware, A → malware, and A → a malware nobody sent. */
export const producerA = () =>
  bundle('producer-a.json', [
    indicator(IDS.a),
    { ...base, type: 'malware', id: IDS.malware, name: 'Survivor', is_family: true },
    indicates(IDS.aIndicates, IDS.a, IDS.malware),
    indicates(IDS.aIndicatesAbsent, IDS.a, IDS.absentMalware),
  ]);

/** Producer B: the same value as indicator--B, and B → malware. */
export const producerB = () =>
  bundle('producer-b.json', [indicator(IDS.b), indicates(IDS.bIndicates, IDS.b, IDS.malware)]);

type Obj = Record<string, unknown>;

/** Relationships among `objects` whose source or target is not an object of the same set. */
export function danglingRefs(objects: Obj[]): string[] {
  const ids = new Set(objects.map((o) => o.id));
  return objects
    .filter((o) => o.type === 'relationship')
    .flatMap((r) =>
      [r.source_ref, r.target_ref].filter((ref) => !ids.has(ref)).map((ref) => `${r.id} → ${ref}`),
    );
}
