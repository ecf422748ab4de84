import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

const THREATFOX = sharedFile('abusech/threatfox-recent-2026-07-24.json');
const FEODO_JSON = sharedFile('abusech/feodotracker-ipblocklist-2026-07-24.json');
const URLHAUS = sharedFile('abusech/urlhaus-online-sample-2026-08-18.csv');

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('indicators: one row per canonical value, one provenance row per source', () => {
  let threatfoxRecords = 0;

  it('imports ThreatFox: every record is inserted, folded or rejected with a reason', async () => {
    const run = await importFiles(db, [THREATFOX]);
    threatfoxRecords = run.records;
    expect(run).toMatchObject({ format: 'threatfox', source: 'abuse.ch ThreatFox', status: 'succeeded' });
    expect(run.records).toBeGreaterThan(1000);
    expect(run.inserted + run.updated + run.unchanged + run.rejected + run.ignored).toBe(run.records);
    expect(await count(db, 'select 1 from public.indicators')).toBe(run.inserted);
    expect(await count(db, 'select 1 from public.indicator_sources')).toBe(run.inserted);
  });

  it('links indicators to the malware families ThreatFox names', async () => {
    const malware = await count(db, `select 1 from public.intel_objects where type = 'malware'`);
    expect(malware).toBeGreaterThan(10);
    const linked = await count(
      db,
      `select 1 from public.relationships r join public.indicators i on i.stix_id = r.source_ref where r.relationship_type = 'indicates'`,
    );
    expect(linked).toBeGreaterThan(threatfoxRecords / 2);
  });

  it('re-importing the same file changes nothing', async () => {
    const again = await importFiles(db, [THREATFOX]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, rejected: 0 });
    expect(again.unchanged + again.ignored).toBe(threatfoxRecords - again.rejected);
    expect(again.counts.derived).toEqual({ malware: 0, links: 0 });
  });

  it('a second source reporting the same value adds provenance, not a second indicator', async () => {
    const before = await count(db, 'select 1 from public.indicators');
    const run = await importFiles(db, [FEODO_JSON]);
    expect(run.format).toBe('feodo');
    const multi = await count(
      db,
      'select indicator_id from public.indicator_sources group by indicator_id having count(*) > 1',
    );
    const after = await count(db, 'select 1 from public.indicators');
    expect(after - before).toBe(run.inserted);
    expect(multi).toBe(run.updated);
  });

  it('imports URLhaus URLs with their canonical form', async () => {
    const run = await importFiles(db, [URLHAUS]);
    expect(run.format).toBe('urlhaus');
    expect(run.rejected).toBe(0);
    const { rows } = await db.query(
      `select value from public.indicators where type = 'url' and value ~ '^https?://[a-z0-9.-]+' limit 5`,
    );
    expect(rows.length).toBe(5);
  });

  it('keeps the planner informed inside the import: ANALYZE runs as the owner as the tables grow', async () => {
    // Autovacuum cannot see an open import's rows; without these ANALYZEs the merge plans for an
    // empty table while it holds hundreds of thousands. As service_role they were skipped with a
    // warning, so count the ones that really ran.
    const analyzed = async () => {
      const { rows } = await db.query<{ n: string }>(
        `select analyze_count as n from pg_stat_user_tables where relid = 'public.indicators'::regclass`,
      );
      return Number(rows[0]!.n);
    };
    const before = await analyzed();
    const rows = Array.from({ length: 12_000 }, (_, i) => {
      const when = '2026-08-18 16:17:08';
      return `"${7_000_000 + i}","${when}","http://analyze-${i}.example.net/x","online","${when}","malware_download","None","https://urlhaus.abuse.ch/url/${i}/","test"`;
    });
    const file = tempFile(
      'urlhaus-12000.csv',
      `# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n${rows.join('\n')}\n`,
    );
    const run = await importFiles(db, [file], {
      source: 'analyze test',
      format: 'urlhaus',
      batchSize: 2_000,
    });
    expect(run).toMatchObject({ inserted: 12_000, rejected: 0 });
    expect(await analyzed()).toBeGreaterThan(before);
  });

  it('refangs and canonicalises before storing, so defanged and plain spellings are one indicator', async () => {
    const file = tempFile(
      'threatfox-defanged.json',
      JSON.stringify({
        '900000001': [
          {
            ioc_value: 'hxxp://EVIL-Example[.]com/Path?q=1',
            ioc_type: 'url',
            threat_type: 'payload_delivery',
            malware: 'win.emotet',
            malware_printable: 'Emotet',
            first_seen_utc: '2026-07-01 10:00:00',
            last_seen_utc: null,
            confidence_level: 75,
            reference: null,
            tags: ['t1'],
            anonymous: '0',
            reporter: 'test',
          },
        ],
        '900000002': [
          {
            ioc_value: 'http://evil-example.com/Path?q=1',
            ioc_type: 'url',
            threat_type: 'payload_delivery',
            malware: 'win.emotet',
            malware_printable: 'Emotet',
            first_seen_utc: '2026-07-02 10:00:00',
            last_seen_utc: null,
            confidence_level: 80,
            reference: null,
            tags: ['t2'],
            anonymous: '0',
            reporter: 'test',
          },
        ],
      }),
    );
    const run = await importFiles(db, [file], { source: 'defang test' });
    expect(run).toMatchObject({ records: 2, inserted: 1, unchanged: 1, rejected: 0 });
    const { rows } = await db.query(
      `select value, labels, first_seen, last_seen from public.indicators where value = 'http://evil-example.com/Path?q=1'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].labels).toEqual(['t1', 't2']);
    expect(rows[0].first_seen.toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it("keeps an analyst's revocation when a feed later says the indicator is not revoked", async () => {
    const value = 'http://revocation.example/payload';
    const bundle = (modified: string) =>
      tempFile(
        `revocation-${modified.slice(0, 10)}.json`,
        JSON.stringify({
          type: 'bundle',
          id: 'bundle--6f3a2b1c-0000-4000-8000-000000000001',
          objects: [
            {
              type: 'indicator',
              spec_version: '2.1',
              id: 'indicator--6f3a2b1c-0000-4000-8000-000000000002',
              created: '2026-07-03T10:00:00.000Z',
              modified,
              pattern: `[url:value = '${value}']`,
              pattern_type: 'stix',
              valid_from: '2026-07-03T10:00:00.000Z',
              revoked: false,
            },
          ],
        }),
      );
    expect(
      await importFiles(db, [bundle('2026-07-03T10:00:00.000Z')], { source: 'revocation test' }),
    ).toMatchObject({
      inserted: 1,
    });
    const { rows: target } = await db.query('select id from public.indicators where value = $1', [value]);
    const analyst = await signedInAnalyst();
    const revoked = await analyst.rpc('revoke_indicators', { _ids: [target[0].id], _reason: 'sinkholed' });
    expect(revoked).toMatchObject({ data: 1, error: null });

    const again = await importFiles(db, [bundle('2026-07-09T10:00:00.000Z')], { source: 'revocation test' });
    expect(again).toMatchObject({ status: 'succeeded', rejected: 0 });
    const { rows } = await db.query(
      'select revoked, revocation_reason from public.indicators where value = $1',
      [value],
    );
    expect(rows).toEqual([{ revoked: true, revocation_reason: 'sinkholed' }]);
  });

  it('an analyst reads indicators and their provenance through supabase-js', async () => {
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst
      .from('indicators')
      .select(
        'type, value, tlp, description, confidence, first_seen, last_seen, indicator_sources(source_ref, sources(name))',
      )
      .eq('value', 'http://evil-example.com/Path?q=1')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      type: 'url',
      value: 'http://evil-example.com/Path?q=1',
      tlp: 'clear',
      confidence: 80,
    });
    expect(data!.indicator_sources).toEqual([{ source_ref: '900000002', sources: { name: 'defang test' } }]);
  });
});
