import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { count, emptyKnowledgeBase, importFiles, openDb, refusedImport, tempFile } from './helpers/db.js';

const KEV_TEXT = readFileSync(sharedFile('cisa-kev/known_exploited_vulnerabilities.json'), 'utf8');
const HOSTILE = `<script>alert(1)</script>'; drop table indicators;-- =HYPERLINK("http://x") \u202e`;

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

const tableCounts = async () =>
  Promise.all(
    ['vulnerabilities', 'indicators', 'indicator_sources', 'intel_objects', 'relationships'].map((t) =>
      count(db, `select 1 from public.${t}`),
    ),
  );

const kevEntry = (cveID: string, extra: Record<string, unknown> = {}) => ({
  cveID,
  vendorProject: 'Acme',
  product: 'Widget',
  vulnerabilityName: 'Acme Widget RCE',
  dateAdded: '2024-01-02',
  shortDescription: 'x',
  requiredAction: 'patch',
  dueDate: '2024-01-23',
  knownRansomwareCampaignUse: 'Unknown',
  notes: '',
  cwes: [],
  ...extra,
});
const kevFile = (vulnerabilities: unknown[]) =>
  JSON.stringify({
    title: 'CISA Catalog of Known Exploited Vulnerabilities',
    catalogVersion: '2026.01.01',
    dateReleased: '2026-01-01T00:00:00.000Z',
    count: vulnerabilities.length,
    vulnerabilities,
  });

describe('inputs refused as a whole write nothing and say why', () => {
  it('malformed JSON (cut in the middle)', async () => {
    const before = await tableCounts();
    const run = await refusedImport(db, [tempFile('kev-cut.json', KEV_TEXT.slice(0, KEV_TEXT.length / 2))]);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/JSON|truncated|unexpected/i);
    expect(await tableCounts()).toEqual(before);
    const { rows } = await db.query(`select status, error from public.import_runs where id = $1`, [
      run.runId,
    ]);
    expect(rows[0]).toMatchObject({ status: 'failed' });
  });

  it('a truncated gzip', async () => {
    const gz = gzipSync(Buffer.from(KEV_TEXT));
    const run = await refusedImport(db, [tempFile('kev.json.gz', gz.subarray(0, gz.length - 2000))]);
    expect(run.error).toMatch(/gzip|truncated|unexpected end/i);
    expect(await count(db, 'select 1 from public.vulnerabilities')).toBe(0);
  });

  it('the wrong format for --format', async () => {
    const run = await refusedImport(db, [sharedFile('cisa-kev/known_exploited_vulnerabilities.json')], {
      format: 'epss',
    });
    expect(run.error).toMatch(/not epss data \(it looks like kev\)/);
  });

  it('random bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect((await refusedImport(db, [tempFile('random.bin', bytes)])).error).toMatch(/not one we read/);
  });

  it('an empty file', async () => {
    expect((await refusedImport(db, [tempFile('empty.json', '')])).error).toMatch(/the file is empty/);
  });
});

describe('record-level problems reject that record with its reason and location; the rest commits', () => {
  it('a BOM and CRLF line ends are read as plain JSON', async () => {
    const run = await importFiles(db, [
      tempFile('kev-bom-crlf.json', `\ufeff${kevFile([kevEntry('CVE-2024-0001')]).replace(/,/g, ',\r\n')}`),
    ]);
    expect(run).toMatchObject({ inserted: 1, rejected: 0 });
  });

  it('invalid CVE ids, dates in the future, duplicate ids inside one file', async () => {
    const run = await importFiles(db, [
      tempFile(
        'kev-bad.json',
        kevFile([
          kevEntry('CVE-2024-0002'),
          kevEntry('CVE-24-1'),
          kevEntry('CVE-2024-0003', { dateAdded: '2999-01-01' }),
          kevEntry('CVE-2024-0002', { notes: 'repeated' }),
          kevEntry('CVE-2024-0004', { vulnerabilityName: HOSTILE }),
        ]),
      ),
    ]);
    expect(run).toMatchObject({ records: 5, inserted: 2, unchanged: 1, rejected: 2 });
    expect(run.rejects).toEqual([
      { where: '$.vulnerabilities[1]', reason: expect.stringMatching(/CVE/) },
      { where: '$.vulnerabilities[2]', reason: expect.stringMatching(/future/) },
    ]);
    const { rows } = await db.query(
      `select kev_name, kev_notes from public.vulnerabilities where cve_id in ('CVE-2024-0002', 'CVE-2024-0004') order by cve_id`,
    );
    expect(rows).toEqual([
      { kev_name: 'Acme Widget RCE', kev_notes: 'repeated' },
      { kev_name: HOSTILE, kev_notes: '' },
    ]);
  });

  it('invalid IPs, domains and hashes are rejected; hostile text is stored exactly as received', async () => {
    const ioc = (value: string, type: string, extra: Record<string, unknown> = {}) => [
      {
        ioc_value: value,
        ioc_type: type,
        threat_type: 'botnet_cc',
        malware: 'win.x',
        malware_printable: 'X',
        first_seen_utc: '2026-07-01 10:00:00',
        last_seen_utc: null,
        confidence_level: 50,
        reference: null,
        tags: null,
        anonymous: '0',
        reporter: 'test',
        ...extra,
      },
    ];
    const run = await importFiles(
      db,
      [
        tempFile(
          'threatfox-bad.json',
          JSON.stringify({
            1: ioc('300.1.2.3:443', 'ip:port'),
            2: ioc('bad_domain..example', 'domain'),
            3: ioc('XYZ123', 'md5_hash'),
            4: ioc('198.51.100.4:8080', 'ip:port', { reporter: HOSTILE }),
            5: ioc('good.example', 'domain', { first_seen_utc: '2999-01-01 00:00:00' }),
          }),
        ),
      ],
      { source: 'bad input test' },
    );
    expect(run).toMatchObject({ records: 5, inserted: 1, rejected: 4 });
    expect(run.rejects.map((r) => r.where)).toEqual(['$.1[0]', '$.2[0]', '$.3[0]', '$.5[0]']);
    const { rows } = await db.query(
      `select s.context from public.indicator_sources s join public.indicators i on i.id = s.indicator_id where i.value = '198.51.100.4'`,
    );
    expect(JSON.stringify(rows[0].context)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('unknown STIX types are kept and counted, never fatal', async () => {
    const bundle = {
      type: 'bundle',
      id: 'bundle--00000000-0000-4000-8000-0000000000b1',
      objects: [
        {
          type: 'x-acme-widget',
          spec_version: '2.1',
          id: 'x-acme-widget--00000000-0000-4000-8000-000000000001',
          created: '2026-01-01T00:00:00Z',
          modified: '2026-01-01T00:00:00Z',
          name: HOSTILE,
        },
        {
          type: 'indicator',
          spec_version: '2.1',
          id: 'indicator--00000000-0000-4000-8000-000000000002',
          created: '2026-01-01T00:00:00Z',
          modified: '2026-01-01T00:00:00Z',
          pattern: "[ipv4-addr:value = '192.0.2.55']",
          pattern_type: 'stix',
          valid_from: '2026-01-01T00:00:00Z',
        },
      ],
    };
    const run = await importFiles(db, [tempFile('unknown-types.json', JSON.stringify(bundle))], {
      source: 'stix test',
    });
    expect(run).toMatchObject({ records: 2, inserted: 2, rejected: 0 });
    expect(run.counts.objectTypes).toEqual({ 'x-acme-widget': 1 });
    const { rows } = await db.query(`select name from public.intel_objects where type = 'x-acme-widget'`);
    expect(rows[0].name).toBe(HOSTILE);
  });

  it('a 50 MB single-line JSON is read as a stream', async () => {
    const entries = Array.from({ length: 100_000 }, (_, i) =>
      kevEntry(`CVE-2020-${String(10000 + i)}`, { notes: 'n'.repeat(330) }),
    );
    const text = kevFile(entries);
    expect(text.length).toBeGreaterThan(50_000_000);
    expect(text.includes('\n')).toBe(false);
    const run = await importFiles(db, [tempFile('kev-50mb.json', text)]);
    expect(run).toMatchObject({ records: 100_000, inserted: 100_000, rejected: 0 });
  });
});

describe('runs of one source never interleave; a killed run is marked failed', () => {
  it('a second run of the same source while one holds its lock is refused', async () => {
    const other = await openDb();
    try {
      const { rows } = await other.query(`select id from public.sources where name = 'CISA KEV'`);
      await other.query('select pg_advisory_lock(hashtextextended($1, 0))', [`intel-source:${rows[0].id}`]);
      const run = await refusedImport(db, [tempFile('kev-one.json', kevFile([kevEntry('CVE-2024-0009')]))]);
      expect(run.error).toMatch(/another import of "CISA KEV" is running/);
    } finally {
      await other.end();
    }
  });

  it('an interrupted run (Ctrl+C) is rolled back and recorded as failed', async () => {
    const interrupted = new AbortController();
    interrupted.abort();
    const before = await count(db, 'select 1 from public.vulnerabilities');
    const run = await refusedImport(db, [tempFile('kev-three.json', kevFile([kevEntry('CVE-2024-0011')]))], {
      signal: interrupted.signal,
    });
    expect(run.error).toMatch(/interrupted/);
    expect(await count(db, 'select 1 from public.vulnerabilities')).toBe(before);
    const { rows } = await db.query(`select status from public.import_runs where id = $1`, [run.runId]);
    expect(rows[0].status).toBe('failed');
  });

  it('a run whose process died is marked failed by the next run, and its data is gone', async () => {
    const { rows } = await db.query(`select id from public.sources where name = 'CISA KEV'`);
    const dead = await db.query(
      `insert into public.import_runs (source_id, source_name, format) values ($1, 'CISA KEV', 'kev') returning id`,
      [rows[0].id],
    );
    await importFiles(db, [tempFile('kev-two.json', kevFile([kevEntry('CVE-2024-0010')]))]);
    const { rows: after } = await db.query(`select status, error from public.import_runs where id = $1`, [
      dead.rows[0].id,
    ]);
    expect(after[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
  });
});
