import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMispEvent } from '../src/export/misp-event.js';
import { writeBundle } from '../src/export/stix-bundle.js';
import { stixObjectPages, TLP_MARKINGS } from '../src/export/stix-pages.js';
import { sharedFile } from '../src/testing/shared-data.js';
import { emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';
import { checkStixBundle, checkStixObject } from './helpers/stix-schema.js';
import { danglingRefs, IDS, producerA, producerB } from './helpers/stix-ids.js';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
});
afterAll(async () => db.end());

const STIX_FIXTURES = [
  'stix2-examples/threat-reports/poisonivy.json',
  'stix2-examples/threat-reports/apt1.json',
  'stix2-examples/indicator-to-campaign-relationship.json',
].map((f) => sharedFile(f));

/** The OASIS object-marking example in a bundle, with TLP 2.0 AMBER+STRICT and RED objects beside it. */
function markedBundle(): string {
  const campaign = JSON.parse(
    readFileSync(sharedFile('stix2-examples/interop-objectmarking-test.json'), 'utf8'),
  );
  const base = {
    spec_version: '2.1',
    created: '2026-01-02T03:04:05.678Z',
    modified: '2026-01-02T03:04:05.678Z',
  };
  const indicator = {
    ...base,
    type: 'indicator',
    id: 'indicator--6a1b8f2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
    name: 'Strictly shared host',
    pattern: "[domain-name:value = 'strict.example.org']",
    pattern_type: 'stix',
    valid_from: '2026-01-01T00:00:00.000Z',
    object_marking_refs: [TLP_MARKINGS['amber+strict']],
  };
  const relationship = {
    ...base,
    type: 'relationship',
    id: 'relationship--0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
    relationship_type: 'indicates',
    source_ref: indicator.id,
    target_ref: campaign.id,
    object_marking_refs: [TLP_MARKINGS.red],
  };
  return tempFile(
    'marked.json',
    JSON.stringify({
      type: 'bundle',
      id: 'bundle--5d0092c5-5f74-4287-9642-33f4c354e56d',
      objects: [campaign, indicator, relationship],
    }),
  );
}

/** The five TLP 2.0 definitions every export carries: vocabulary, not knowledge of the fixture. */
const TLP_IDS = Object.values(TLP_MARKINGS);

/**
 * The knowledge, not the bookkeeping: every indicator, object and relationship with its ids, its
 * content and its TLP. An indicator's served id is compared (the first STIX id it arrived with);
 * a relationship's ends as the objects they name (any id an indicator arrived with names it), and
 * only relationships whose two ends are known: one to an object nobody sent is never exported.
 * Left out: timestamps of our own (created_at, last_seen = when we saw it) and the three keys an
 * export adds to a stored object (spec_version 2.1, its TLP marking ref, is_family for 2.0
 * malware), whose meaning is kept in the tlp column compared here.
 */
async function knowledge(): Promise<{ indicators: unknown[]; objects: unknown[]; relationships: unknown[] }> {
  const indicators = await db.query(`
    select stix_id, coalesce(origin_stix_id, stix_id) as served_id, type, value, tlp, name, description, confidence,
           labels, kill_chain_phases, first_seen, valid_from, valid_until, revoked
      from public.indicators order by stix_id`);
  const objects = await db.query(
    `select stix_id, type, name, description, aliases, external_ids, created, modified, revoked, confidence, tlp,
            labels, kill_chain_phases, stix - 'spec_version' - 'object_marking_refs' - 'is_family' as stix,
            (select array_agg(r order by r) from jsonb_array_elements_text(
               coalesce(stix -> 'object_marking_refs', '[]')) r where r <> all ($1)) as other_markings
       from public.intel_objects where stix_id <> all ($1) order by stix_id`,
    [TLP_IDS],
  );
  const relationships = await db.query(`
    with ends (ref, served) as (
      select k.ref, coalesce(i.origin_stix_id, i.stix_id)::text from public.indicators i
        cross join lateral (select i.stix_id::text union select a.stix_id from public.indicator_stix_ids a
                             where a.indicator_id = i.id) k (ref)
      union all select stix_id, stix_id from public.intel_objects)
    select r.stix_id, r.relationship_type, s.served as source_ref, t.served as target_ref, r.description, r.created,
           r.modified, r.revoked, r.confidence, r.tlp
      from public.relationships r join ends s on s.ref = r.source_ref join ends t on t.ref = r.target_ref
     order by r.stix_id`);
  return { indicators: indicators.rows, objects: objects.rows, relationships: relationships.rows };
}

async function exportWith(
  writer: (pages: AsyncIterable<Record<string, unknown>[]>, out: NodeJS.WritableStream) => Promise<number>,
  name: string,
): Promise<string> {
  const file = tempFile(name, '');
  const out = createWriteStream(file);
  await db.query('begin read only');
  await db.query('set local role service_role');
  await writer(stixObjectPages(db, { maxTlp: 'red', pageSize: 100 }) as never, out as never);
  await db.query('commit');
  out.end();
  await finished(out);
  return file;
}

describe('the OASIS STIX 2.1 schemas', () => {
  it('refuse what the specification forbids', () => {
    const base = {
      spec_version: '2.1',
      created: '2016-04-06T20:03:48.000Z',
      modified: '2016-04-06T20:03:48.000Z',
    };
    expect(
      checkStixObject({ ...base, type: 'indicator', id: 'indicator--8e2e2d2b-17d4-4cbf-938f-98ee46b3cd3f' }),
    ).toEqual(expect.arrayContaining([expect.stringContaining('pattern is required')]));
    expect(
      checkStixObject({
        ...base,
        type: 'malware',
        id: 'malware--8e2e2d2b-17d4-4cbf-938f-98ee46b3cd3f',
        name: 'x',
      }),
    ).toEqual(expect.arrayContaining([expect.stringContaining('is_family is required')]));
    expect(checkStixBundle(JSON.parse(readFileSync(STIX_FIXTURES[1]!, 'utf8')))).toEqual([]);
  });
});

describe('STIX 2.1 round trip: import → export → import keeps the knowledge', () => {
  it('every indicator, object, relationship and marking comes back identical, under the same ids', async () => {
    await emptyKnowledgeBase(db);
    await importFiles(db, [...STIX_FIXTURES, markedBundle()], { format: 'stix' });
    await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
    await importFiles(db, [producerB()], { format: 'stix', source: 'Producer B' });
    const before = await knowledge();
    expect(before.indicators.length).toBeGreaterThanOrEqual(50);
    expect(before.relationships.length).toBeGreaterThan(100);
    const bundle = await exportWith(writeBundle as never, 'round-trip.stix.json');

    const parsed = JSON.parse(readFileSync(bundle, 'utf8')) as { objects: Record<string, unknown>[] };
    // The OASIS schemas' rules for every exported object (see helpers/stix-schema.ts).
    expect(checkStixBundle(parsed)).toEqual([]);
    // Ids as imported, and every relationship's two ends in the bundle.
    const byId = new Map(parsed.objects.map((o) => [o.id, o]));
    expect(byId.get(IDS.a)).toMatchObject({ type: 'indicator' });
    expect(byId.get(IDS.bIndicates)).toMatchObject({ source_ref: IDS.a, target_ref: IDS.malware });
    expect(byId.has(IDS.aIndicatesAbsent)).toBe(false);
    expect(danglingRefs(parsed.objects)).toEqual([]);
    expect(parsed.objects.filter((o) => o.type === 'relationship')).toHaveLength(before.relationships.length);

    await emptyKnowledgeBase(db);
    await importFiles(db, [bundle], { format: 'stix' });
    expect(await knowledge()).toEqual(before);
  });

  it('hostile text survives byte for byte', async () => {
    const hostile = `<script>alert(1)</script>'; drop table x;-- =HYPERLINK("http://x") \u202e`;
    await db.query(
      `update public.intel_objects set description = $1,
      stix = jsonb_set(stix, '{description}', to_jsonb($1::text)) where type = 'malware'`,
      [hostile],
    );
    const bundle = await exportWith(writeBundle as never, 'hostile.stix.json');
    const malware = (JSON.parse(readFileSync(bundle, 'utf8')).objects as Record<string, unknown>[]).filter(
      (o) => o.type === 'malware',
    );
    expect(malware.length).toBeGreaterThan(0);
    expect(malware.every((m) => m.description === hostile)).toBe(true);
  });
});

describe('intel export stix: the CLI bundle keeps the ids and leaves nothing dangling', () => {
  const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');
  const exportStix = (args: string[]) => {
    const out = tempFile(`cli-${args.join('-').replace(/[^a-z0-9-]/gi, '')}.stix.json`, '');
    const r = spawnSync(
      process.execPath,
      [BIN, 'export', 'stix', '--out', out, ...args, '--db-url', intelEnv().dbUrl],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as { objects: Record<string, unknown>[] };
  };

  it('the whole knowledge base, an entity by its second id, and below a TLP ceiling', async () => {
    await emptyKnowledgeBase(db);
    await importFiles(db, [STIX_FIXTURES[0]!, markedBundle()], { format: 'stix' });
    await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
    await importFiles(db, [producerB()], { format: 'stix', source: 'Producer B' });

    const all = exportStix(['--max-tlp', 'red']);
    expect(checkStixBundle(all)).toEqual([]);
    expect(all.objects.map((o) => o.id)).toEqual(
      expect.arrayContaining([IDS.a, IDS.aIndicates, IDS.bIndicates]),
    );
    expect(danglingRefs(all.objects)).toEqual([]);

    // The entity named by producer B's id: the one indicator, under A, with both producers' links.
    const entity = exportStix(['--entity', IDS.b]);
    expect(entity.objects.map((o) => o.id).sort()).toEqual(
      [IDS.a, IDS.malware, IDS.aIndicates, IDS.bIndicates, ...TLP_IDS].sort(),
    );
    expect(danglingRefs(entity.objects)).toEqual([]);

    // Under the default ceiling the RED link goes, and so do links to what goes.
    const shared = exportStix([]);
    expect(shared.objects.some((o) => o.id === 'relationship--0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0')).toBe(
      false,
    );
    expect(danglingRefs(shared.objects)).toEqual([]);
    const amber = exportStix(['--max-tlp', 'amber']);
    expect(amber.objects.some((o) => o.id === 'indicator--6a1b8f2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c')).toBe(false);
    expect(danglingRefs(amber.objects)).toEqual([]);
  });
});

describe('MISP round trip: import → MISP event export → import keeps the indicators', () => {
  it('every indicator comes back with its id, value, TLP, tags and comment', async () => {
    await emptyKnowledgeBase(db);
    await importFiles(db, [sharedFile('eset-misp-events/winter_vivern_misp-wintervivern.event.json')]);
    const before = (await knowledge()).indicators;
    expect(before.length).toBeGreaterThan(3);
    const event = await exportWith(writeMispEvent as never, 'round-trip.misp.json');
    await emptyKnowledgeBase(db);
    const run = await importFiles(db, [event], { format: 'misp' });
    expect(run.rejected).toBe(0);
    expect((await knowledge()).indicators).toEqual(before);
  });
});
