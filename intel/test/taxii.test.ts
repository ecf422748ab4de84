/**
 * Contract tests of the TAXII 2.1 server (edge function `taxii`) on the test stack, with a user's
 * API key, compared with the OASIS reference server's data (medallion-default_data.json), and
 * pulled by our own TAXII client connector. Section numbers: OASIS TAXII 2.1.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverCollections, pullObjects, taxiiGet, TAXII_ACCEPT } from '../src/connectors/taxii-client.js';
import { downloadTaxii } from '../src/connectors/taxii-download.js';
import { ALL_COLLECTION } from '../src/export/stix-pages.js';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { emptyKnowledgeBase, importFiles, openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';
import { danglingRefs, IDS, producerA, producerB, VALUE } from './helpers/stix-ids.js';

const medallion = JSON.parse(readFileSync(sharedFile('taxii-sample/medallion-default_data.json'), 'utf8'));
const WRITABLE = '365fed99-08fa-4dcd-a1b3-fb247eb41d01';
const NARROW = '6b0f5a3e-2c1d-4e8f-9a7b-3c2d1e0f4a5b';
let db: pg.Client;
let analyst: SupabaseClient;
let auth: { basic: { username: string; password: string } };
let base: string;

const keysOf = (o: object) => Object.keys(o).sort();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'taxii-test-'));

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await importFiles(db, [sharedFile('stix2-examples/threat-reports/poisonivy.json')]);
  await db.query(
    `update public.indicators set tlp = 'red' where stix_id = (select min(stix_id) from public.indicators)`,
  );
  await importFiles(db, [producerA()], { format: 'stix', source: 'Producer A' });
  await importFiles(db, [producerB()], { format: 'stix', source: 'Producer B' });
  await db.query(
    `insert into public.taxii_collections (id, title, can_read, can_write) values ($1, 'Contributions', true, true)
     on conflict (id) do nothing`,
    [WRITABLE],
  );
  analyst = await signedInAnalyst();
  const { data, error } = await analyst.rpc('create_api_key', { _name: 'contract tests' });
  expect(error).toBeNull();
  auth = { basic: { username: data[0].id, password: data[0].secret } };
  base = `${intelEnv().apiUrl}/functions/v1/taxii`;
});
afterAll(async () => db.end());

describe('discovery, API root and collections have the reference server shapes', () => {
  it('§4.1 discovery and §4.2 API root', async () => {
    const { body: discovery } = await taxiiGet(`${base}/taxii2/`, auth);
    expect(keysOf(medallion['/discovery'])).toEqual(expect.arrayContaining(keysOf(discovery)));
    expect(discovery.api_roots).toEqual([`${base}/cti/`]);
    const { body: root } = await taxiiGet(`${base}/cti/`, auth);
    expect(keysOf(root)).toEqual(keysOf(medallion.trustgroup1.information));
    expect(root.versions).toEqual(['application/taxii+json;version=2.1']);
  });

  it('§5.1 collections list what an admin defined, with the reference fields', async () => {
    const { collections } = await discoverCollections(`${base}/taxii2/`, auth);
    // The reference server's fields, with the optional description and alias of §5.2, and our one
    // custom property (the largest page we serve; TAXII 2.1 custom properties are x_-prefixed).
    const allowed = [
      ...medallion.trustgroup1.collections.map((c: object) => keysOf(c)).flat(),
      'alias',
      'description',
      'x_cti_max_page_size',
    ];
    for (const c of collections) {
      expect(allowed).toEqual(expect.arrayContaining(keysOf(c)));
      expect(keysOf(c)).toEqual(
        expect.arrayContaining(['can_read', 'can_write', 'id', 'media_types', 'title']),
      );
    }
    expect(collections.map((c) => c.id)).toEqual(expect.arrayContaining([ALL_COLLECTION, WRITABLE]));
  });
});

describe('objects and manifest', () => {
  it('§5.4 the client pages through every readable object once; TLP:RED never leaves', async () => {
    const ids: string[] = [];
    for await (const page of pullObjects({ collectionUrl: `${base}/cti/collections/all/`, auth, limit: 7 }))
      ids.push(...page.objects.map((o) => String(o.id)));
    expect(new Set(ids).size).toBe(ids.length);
    // Relationships come only when both ends are served: an indicator by any id it arrived with or
    // by ours (not the RED one), or a knowledge object.
    const { rows } = await db.query(`
      with served (ref) as (
        select k.ref from public.indicators i
          cross join lateral (select i.stix_id::text union select a.stix_id from public.indicator_stix_ids a
                               where a.indicator_id = i.id) k (ref)
         where i.tlp <> 'red'
        union select stix_id from public.intel_objects)
      select (select count(*) from public.indicators where tlp <> 'red') + (select count(*) from public.intel_objects)
           + (select count(*) from public.relationships r
               where r.source_ref in (select ref from served) and r.target_ref in (select ref from served)) + 5 as n,
             (select count(*) from public.relationships) as stored`);
    expect(ids.length).toBe(Number(rows[0].n));
    expect(Number(rows[0].stored)).toBeGreaterThan(
      ids.filter((id) => id.startsWith('relationship--')).length,
    );
    const { rows: red } = await db.query(
      `select coalesce(origin_stix_id, stix_id) as id from public.indicators where tlp = 'red'`,
    );
    expect(red).toHaveLength(1);
    expect(ids).not.toContain(red[0].id);
  });

  it('§5.3 manifest entries have the reference fields and paging headers', async () => {
    const { body, headers } = await taxiiGet(`${base}/cti/collections/all/manifest/?limit=3`, auth);
    const reference = medallion.trustgroup1.collections.find(
      (c: { manifest?: unknown[] }) => c.manifest?.length,
    ).manifest[0];
    expect((body.objects as object[]).map(keysOf)).toEqual(Array(3).fill(keysOf(reference)));
    expect(body.more).toBe(true);
    expect(headers.get('x-taxii-date-added-first')).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  });

  it('resumes from X-TAXII-Date-Added-Last: only what changed since comes back', async () => {
    const first = await downloadTaxii(
      { url: `${base}/cti/collections/all/`, last_modified: null, name: 'self' },
      scratch,
      {
        auth,
        limit: 50,
      },
    );
    expect(first.changed).toBe(true);
    const again = await downloadTaxii(
      { url: `${base}/cti/collections/all/`, last_modified: first.lastModified!, name: 'self' },
      scratch,
      { auth },
    );
    expect(again.changed).toBe(false);
    const { rows } = await db.query(`update public.indicators set confidence = 99
      where stix_id = (select max(stix_id) from public.indicators) returning coalesce(origin_stix_id, stix_id) as id`);
    const pages = [];
    for await (const page of pullObjects({
      collectionUrl: `${base}/cti/collections/all/`,
      auth,
      addedAfter: first.lastModified,
    }))
      pages.push(...page.objects);
    expect(pages.map((o) => o.id)).toEqual([rows[0].id]);
    expect(pages[0]!.confidence).toBe(99);
  });
});

describe('STIX ids survive (issue 27 §5)', () => {
  const objectsOf = async (collection: string) => {
    const objects: Record<string, unknown>[] = [];
    for await (const page of pullObjects({ collectionUrl: `${base}/cti/collections/${collection}/`, auth }))
      objects.push(...(page.objects as Record<string, unknown>[]));
    return objects;
  };

  it('the collection serves the imported id, and every relationship resolves within it', async () => {
    const objects = await objectsOf('all');
    const byId = new Map(objects.map((o) => [o.id, o]));
    expect(byId.get(IDS.a)).toMatchObject({ type: 'indicator', pattern: `[domain-name:value = '${VALUE}']` });
    expect(objects.filter((o) => o.pattern === `[domain-name:value = '${VALUE}']`)).toHaveLength(1);
    expect(byId.get(IDS.aIndicates)).toMatchObject({ source_ref: IDS.a, target_ref: IDS.malware });
    // Sent by producer B with its own id for the value: served pointing at the one indicator.
    expect(byId.get(IDS.bIndicates)).toMatchObject({ source_ref: IDS.a, target_ref: IDS.malware });
    expect(byId.get(IDS.a)!.x_cti_stix_ids).toEqual(expect.arrayContaining([IDS.b]));
    // A link to a malware nobody sent would dangle: left out.
    expect(byId.has(IDS.aIndicatesAbsent)).toBe(false);
    expect(danglingRefs(objects)).toEqual([]);
    expect(objects.filter((o) => o.type === 'relationship').length).toBeGreaterThan(50);
  });

  it('§5.6 the object by its id; a collection without malware leaves out links to malware', async () => {
    const { body } = await taxiiGet(`${base}/cti/collections/all/objects/${IDS.a}/`, auth);
    expect((body.objects as { id: string }[]).map((o) => o.id)).toEqual([IDS.a]);
    await db.query(
      `insert into public.taxii_collections (id, title, object_types) values ($1, 'Indicators and links', $2)
       on conflict (id) do nothing`,
      [NARROW, ['indicator', 'relationship']],
    );
    const narrow = await objectsOf(NARROW);
    expect(narrow.map((o) => o.id)).toContain(IDS.a);
    expect(narrow.map((o) => o.id)).not.toContain(IDS.aIndicates);
    expect(danglingRefs(narrow)).toEqual([]);
  });
});

describe('writes, status and errors', () => {
  it('§5.5 an envelope is stored as the user and §4.3 its status can be read back', async () => {
    const malware = {
      type: 'malware',
      spec_version: '2.1',
      id: 'malware--31b940d4-6f7f-459a-80ea-9c1f17b58abc',
      created: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:00.000Z',
      name: 'Contributed',
      is_family: true,
    };
    const observable = {
      type: 'ipv4-addr',
      spec_version: '2.1',
      id: 'ipv4-addr--ff26c055-6336-5bc5-b98d-13d6226742dd',
      value: '198.51.100.3',
    };
    const res = await fetch(`${base}/cti/collections/${WRITABLE}/objects/`, {
      method: 'POST',
      headers: {
        Accept: TAXII_ACCEPT,
        'Content-Type': TAXII_ACCEPT,
        Authorization: `Basic ${Buffer.from(`${auth.basic.username}:${auth.basic.password}`).toString('base64')}`,
      },
      body: JSON.stringify({ objects: [malware, observable] }),
    });
    expect(res.status).toBe(202);
    const status = await res.json();
    expect(keysOf(status)).toEqual(keysOf(medallion.trustgroup1.status[0]));
    expect(status).toMatchObject({ status: 'complete', total_count: 2, success_count: 1, failure_count: 1 });
    const { body: again } = await taxiiGet(`${base}/cti/status/${status.id}/`, auth);
    expect(again).toEqual(status);
    // An analyst's object is theirs, under an id the database gives (a posted id could name a
    // hidden object: it must answer as a new one).
    const { rows } = await db.query(
      `select created_by is not null as mine, stix_id = $1 as posted_id from public.intel_objects where name = $2`,
      [malware.id, malware.name],
    );
    expect(rows).toEqual([{ mine: true, posted_id: false }]);
  });

  it('§1.6.8 406, HTTP authentication 401 with a challenge, §3.6.1 error bodies', async () => {
    const wrongAccept = await fetch(`${base}/taxii2/`, { headers: { Accept: 'application/json' } });
    expect(wrongAccept.status).toBe(406);
    expect(keysOf(await wrongAccept.json())).toEqual(['description', 'error_code', 'http_status', 'title']);
    const anonymous = await fetch(`${base}/taxii2/`, { headers: { Accept: TAXII_ACCEPT } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
    await expect(taxiiGet(`${base}/cti/collections/not-there/`, auth)).rejects.toMatchObject({ status: 404 });
  });

  it('a revoked key stops working at once', async () => {
    const { data } = await analyst.rpc('revoke_api_key', { _id: auth.basic.username });
    expect(data).toBe(true);
    await expect(taxiiGet(`${base}/taxii2/`, auth)).rejects.toMatchObject({ status: 401 });
  });
});
