/**
 * The NVD CVE API 2.0 connector against a local server that answers as the API documents
 * (https://nvd.nist.gov/developers/vulnerabilities): lastModStartDate/lastModEndDate windows of at
 * most 120 days, startIndex/resultsPerPage pages up to totalResults, the apiKey header, 403 when a
 * client goes too fast. The CVE record and KEV/EPSS columns it must not touch are stored first.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../src/connectors/catalogue.js';
import { NVD_MAX_WINDOW_MS } from '../src/connectors/nvd-api.js';
import { dueSources, syncSource } from '../src/connectors/sync-source.js';
import { nvdCve, nvdPage } from '../src/formats/nvd-fixtures.js';
import { sharedFile } from '../src/testing/shared-data.js';
import { emptyKnowledgeBase, importFiles, openDb } from './helpers/db.js';

interface Asked {
  start: string;
  end: string;
  startIndex: number;
  perPage: number;
  apiKey?: string;
}
const asked: Asked[] = [];
/** The CVEs each window holds, by its start; pages of `pageSize` (the server's, as the NVD may cap it). */
let changed: (start: string) => unknown[] = () => [];
const pageSize = 2;
let forbidNext = 0;
let body: string | undefined;

const server = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (url.pathname !== '/nvd/rest/json/cves/2.0') return void res.writeHead(404).end();
  if (forbidNext > 0) {
    forbidNext--;
    return void res.writeHead(403, { 'Retry-After': '0' }).end();
  }
  if (body !== undefined) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(body);
  const q: Asked = {
    start: url.searchParams.get('lastModStartDate')!,
    end: url.searchParams.get('lastModEndDate')!,
    startIndex: Number(url.searchParams.get('startIndex')),
    perPage: Number(url.searchParams.get('resultsPerPage')),
    apiKey: req.headers.apikey as string | undefined,
  };
  asked.push(q);
  const all = changed(q.start);
  const items = all.slice(q.startIndex, q.startIndex + Math.min(pageSize, q.perPage));
  res
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify(nvdPage(items, q.startIndex, all.length)));
});

let db: pg.Client;
let base = '';
const sleeps: number[] = [];
const options = { sleep: async (ms: number) => void sleeps.push(ms), backoffMs: 1 };
const NAME = 'NVD CVE API';
const nvdSource = async () => (await dueSources(db, [NAME]))[0]!;
const cursor = async () =>
  (await db.query(`select sync_cursor from public.sources where name = $1`, [NAME])).rows[0].sync_cursor;

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureCatalogue(db);
  await db.query(`update public.sources set url = $1 where name = $2`, [
    `${base}/nvd/rest/json/cves/2.0`,
    NAME,
  ]);
  // The CVE list's record and KEV/EPSS, as the other importers left them.
  await importFiles(db, [sharedFile('cve-records/CVE-2021-44228.json')], { format: 'cve' });
  await db.query(
    `update public.vulnerabilities set kev_date_added = '2021-12-10', kev_name = 'Log4j2 RCE', epss_score = 0.94,
       epss_percentile = 0.99, epss_date = '2026-11-19' where cve_id = 'CVE-2021-44228'`,
  );
});
afterAll(async () => {
  server.close();
  await db.end();
});

describe('NVD CVE API', () => {
  it('asks windows of at most 120 days from the high-water mark, page by page, spaced for the rate limit', async () => {
    const from = Date.now() - 200 * 24 * 3600_000;
    await db.query(`update public.sources set sync_cursor = $1 where name = $2`, [
      new Date(from).toISOString(),
      NAME,
    ]);
    const first = new Date(from).toISOString().replace('Z', '+00:00');
    changed = (start) =>
      start === first
        ? [nvdCve('CVE-2021-44228'), nvdCve('CVE-2024-3400'), nvdCve('CVE-2023-4966')]
        : [nvdCve('CVE-2014-0160', { vulnStatus: 'Rejected' })];
    forbidNext = 1;
    const result = await syncSource(db, await nvdSource(), options);
    expect(result).toMatchObject({ result: 'imported', summary: { format: 'nvd', inserted: 3, updated: 1 } });
    // Window 1: two pages (3 CVEs, 2 a page); window 2: one page; the 403 was retried.
    expect(asked.map((q) => [q.start === first, q.startIndex, q.perPage])).toEqual([
      [true, 0, 2000],
      [true, 2, 2000],
      [false, 0, 2000],
    ]);
    for (const q of asked)
      expect(Date.parse(q.end) - Date.parse(q.start)).toBeLessThanOrEqual(NVD_MAX_WINDOW_MS);
    expect(Date.parse(asked[2]!.start)).toBe(Date.parse(asked[0]!.end));
    expect(asked.every((q) => q.apiKey === undefined)).toBe(true);
    // Without a key: 6 s between requests (5 in 30 s); the 403's back-off besides.
    expect(sleeps.filter((ms) => ms === 6000)).toHaveLength(2);
    expect(Date.parse(await cursor())).toBe(Date.parse(asked[2]!.end));
  });

  it("updates the NVD's columns and keeps the CVE record's title and affected list, KEV and EPSS", async () => {
    const { rows } = await db.query(
      `select description, cvss_base_score::float, cvss_provider, cwe_ids, title, vendor, kev_name, epss_score::float,
              jsonb_array_length(affected) > 0 as has_affected, modified_at
         from public.vulnerabilities where cve_id = 'CVE-2021-44228'`,
    );
    expect(rows[0]).toMatchObject({
      description: 'NVD description of CVE-2021-44228.',
      cvss_base_score: 10,
      cvss_provider: 'NVD',
      cwe_ids: ['CWE-917', 'CWE-502'],
      title: expect.stringMatching(/^Apache Log4j2 JNDI features/),
      vendor: 'Apache Software Foundation',
      kev_name: 'Log4j2 RCE',
      epss_score: 0.94,
      has_affected: true,
    });
    expect(rows[0].modified_at.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    const rejected = await db.query(
      `select state from public.vulnerabilities where cve_id = 'CVE-2014-0160'`,
    );
    expect(rejected.rows[0].state).toBe('REJECTED');
  });

  it('the next sync asks only from the high-water mark, with the key when there is one; nothing changed imports nothing', async () => {
    asked.length = 0;
    const mark = await cursor();
    changed = () => [];
    process.env.NVD_API_KEY = 'test-key';
    try {
      expect(await syncSource(db, await nvdSource(), options)).toMatchObject({ result: 'not-modified' });
    } finally {
      delete process.env.NVD_API_KEY;
    }
    expect(asked).toHaveLength(1);
    expect(Date.parse(asked[0]!.start)).toBe(Date.parse(mark));
    expect(asked[0]!.apiKey).toBe('test-key');
    expect(Date.parse(await cursor())).toBeGreaterThanOrEqual(Date.parse(mark));
  });

  it('an answer that is not JSON fails in plain words and keeps the high-water mark', async () => {
    const mark = await cursor();
    body = readFileSync(sharedFile('cve-records/index.csv'), 'utf8').slice(0, 200);
    try {
      const result = await syncSource(db, await nvdSource(), options);
      expect(result).toMatchObject({
        result: 'failed',
        error: expect.stringMatching(
          /did not answer JSON \(it starts with .*\); an NVD CVE API page was expected$/,
        ),
      });
    } finally {
      body = undefined;
    }
    expect(await cursor()).toBe(mark);
  });
});
