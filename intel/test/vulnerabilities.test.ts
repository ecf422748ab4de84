import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

const KEV = sharedFile('cisa-kev/known_exploited_vulnerabilities.json');
const EPSS_KEV = sharedFile('epss/epss_scores-kev-subset-2026-08-08.csv');
const CVE_FOLDER = sharedFile('cve-records');

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('CVEs: KEV, EPSS and CVE records join into one row per CVE', () => {
  it('imports the KEV catalogue: 1,404 CVEs, recorded as a run of the CISA KEV source', async () => {
    const run = await importFiles(db, [KEV]);
    expect(run).toMatchObject({
      format: 'kev',
      source: 'CISA KEV',
      status: 'succeeded',
      records: 1404,
      inserted: 1404,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    });
    expect(await count(db, 'select 1 from public.vulnerabilities where kev_date_added is not null')).toBe(
      1404,
    );
    const { rows } = await db.query(
      'select status, records, inserted, finished_at from public.import_runs where id = $1',
      [run.runId],
    );
    expect(rows[0]).toMatchObject({ status: 'succeeded', records: 1404, inserted: 1404 });
    expect(rows[0].finished_at).toBeInstanceOf(Date);
  });

  it('is idempotent: the same file again changes nothing', async () => {
    const again = await importFiles(db, [KEV]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 1404, rejected: 0 });
  });

  it('adds EPSS scores to the same rows, and a newer day keeps the previous score for the trend', async () => {
    const run = await importFiles(db, [EPSS_KEV]);
    expect(run.format).toBe('epss');
    expect(run.rejected).toBe(0);
    expect(run.inserted + run.updated).toBe(run.records);
    const before = await db.query(
      `select epss_score, epss_date from public.vulnerabilities where cve_id = 'CVE-2021-44228'`,
    );
    expect(before.rows[0].epss_score).toBeGreaterThan(0.9);
    // The same scores dated a day later with one changed score: only that trend moves.
    const { rows } = await db.query<{ d: string }>(
      `select (epss_date + 1)::text as d from public.vulnerabilities where cve_id = 'CVE-2021-44228'`,
    );
    const csv = `#model_version:v2025.03.14,score_date:${rows[0]!.d}T00:00:00+0000\ncve,epss,percentile\nCVE-2021-44228,0.5,0.9\n`;
    const later = await importFiles(db, [tempFile('epss-next-day.csv', csv)]);
    expect(later).toMatchObject({ updated: 1, rejected: 0 });
    const after = await db.query(
      `select epss_score, epss_previous_score from public.vulnerabilities where cve_id = 'CVE-2021-44228'`,
    );
    expect(after.rows[0]).toEqual({ epss_score: 0.5, epss_previous_score: before.rows[0].epss_score });
  });

  it('adds CVE records (a folder, one run) without erasing KEV or EPSS columns', async () => {
    const run = await importFiles(db, [CVE_FOLDER]);
    expect(run.format).toBe('cve');
    expect(run.records).toBe(130);
    expect(run.rejected).toBe(0);
    expect(run.inserted + run.updated).toBe(130);
    const { rows } = await db.query(
      `select cvss_base_score::float as score, cvss_version, cvss_severity, kev_date_added::text, epss_score
       from public.vulnerabilities where cve_id = 'CVE-2021-44228'`,
    );
    expect(rows[0]).toMatchObject({
      score: 10,
      cvss_version: '3.1',
      cvss_severity: 'critical',
      kev_date_added: '2021-12-10',
      epss_score: 0.5,
    });
    const again = await importFiles(db, [CVE_FOLDER]);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 130 });
  });

  it('serves the documented REST surface to a signed-in analyst through supabase-js', async () => {
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst
      .from('vulnerabilities')
      .select(
        'cve_id, kev_date_added, kev_due_date, kev_ransomware_use, epss_score, epss_percentile, cvss_base_score, cvss_severity',
      )
      .eq('cve_id', 'CVE-2021-44228')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      cve_id: 'CVE-2021-44228',
      kev_date_added: '2021-12-10',
      cvss_base_score: 10,
      cvss_severity: 'critical',
    });
    const kevCount = await analyst
      .from('vulnerabilities')
      .select('cve_id', { count: 'exact', head: true })
      .not('kev_date_added', 'is', null);
    expect(kevCount.count).toBe(1404);
  });
});
