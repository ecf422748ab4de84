/**
 * Online enrichment in the worker (issue 30 §2) against the real database and a local server
 * replaying recorded answers: a queued request is answered, stored with its TTL and raises the
 * score; a value of PAP:AMBER is refused without any request reaching the server; a 429 waits for
 * its Retry-After; an answer unlike the documented one is stored nowhere and logged; a bad key is
 * visible on the service's row (Health page).
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorker } from '../src/connectors/worker.js';
import { enrichmentPass } from '../src/enrichment/jobs.js';
import { guardedFetch } from '../src/outbound/guarded-fetch.js';
import { startReplayServer, type ReplayServer } from '../src/testing/replay-server.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { emptyKnowledgeBase, importFiles, openDb, tempFile } from './helpers/db.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../src/enrichment/fixtures/${name}`, import.meta.url), 'utf8');

let db: pg.Client;
let server: ReplayServer;
const ids: Record<string, number> = {};
const logged: string[] = [];
const pass = () =>
  enrichmentPass(db, {
    fetch: guardedFetch({ allow: [], restrictPrivate: false }),
    log: (l) => logged.push(l),
  });

function mispEvent(uuid: string, pap: string | null, values: [string, string][]) {
  return JSON.stringify({
    Event: {
      uuid,
      info: 'enrichment test',
      date: '2026-11-20',
      Tag: pap ? [{ name: pap }] : [],
      Attribute: values.map(([type, value], n) => ({
        type,
        value,
        to_ids: true,
        uuid: `${uuid.slice(0, -3)}${String(n + 100).padStart(3, '0')}`,
      })),
    },
  });
}

async function queue(indicator: string, service: string) {
  await db.query(
    `insert into public.enrichment_results (indicator_id, service_id) values ($1, $2)
     on conflict (indicator_id, service_id) do update set status = 'queued', retry_at = null`,
    [ids[indicator], service],
  );
}

async function row(indicator: string, service: string) {
  const { rows } = await db.query(
    `select status, summary, raw, score_delta, error, retry_at, expires_at - fetched_at as ttl
       from public.enrichment_results where indicator_id = $1 and service_id = $2`,
    [ids[indicator], service],
  );
  return rows[0];
}

const score = async (indicator: string) =>
  Number(
    (
      await db.query(
        `select public.score(i) as s, i.score_enrichment from public.indicators i where i.id = $1`,
        [ids[indicator]],
      )
    ).rows[0].s,
  );

beforeAll(async () => {
  db = await openDb();
  server = await startReplayServer();
  await emptyKnowledgeBase(db);
  await importFiles(
    db,
    [
      tempFile(
        'clear.misp.json',
        mispEvent('5ec81ad5-0000-4000-8000-000000000500', null, [['ip-dst', '198.51.100.7']]),
      ),
      tempFile(
        'amber.misp.json',
        mispEvent('5ec81ad5-0000-4000-8000-000000000600', 'PAP:AMBER', [['ip-dst', '203.0.113.9']]),
      ),
    ],
    { format: 'misp' },
  );
  const { rows } = await db.query<{ id: string; value: string }>(
    `select id, value from public.indicators where value in ('198.51.100.7', '203.0.113.9')`,
  );
  for (const r of rows) ids[r.value] = Number(r.id);
  await db.query(`insert into private.enrichment_service_keys (service_id, api_key) values ('abuseipdb', 'k-1'), ('greynoise', 'k-2')
                  on conflict (service_id) do update set api_key = excluded.api_key`);
  await db.query(
    `update public.enrichment_services set has_key = id in ('abuseipdb', 'greynoise'), enabled = true,
            base_url = $1 || '/' || id where id in ('abuseipdb', 'greynoise', 'shodan_internetdb')`,
    [server.base],
  );
});
afterAll(async () => {
  await db.query(`update public.enrichment_services set enabled = false, has_key = false`);
  await db.query(`delete from private.enrichment_service_keys`);
  await server.close();
  await db.end();
});

describe('enrichment in the worker', () => {
  it('stores an answer with its TTL, and it raises the score', async () => {
    server.route('/abuseipdb/check?', { body: fixture('abuseipdb.json') });
    const before = await score('198.51.100.7');
    await queue('198.51.100.7', 'abuseipdb');
    expect(await pass()).toEqual([{ service: 'abuseipdb', indicatorId: ids['198.51.100.7'], status: 'ok' }]);
    const stored = await row('198.51.100.7', 'abuseipdb');
    expect(stored).toMatchObject({
      status: 'ok',
      score_delta: 15,
      summary: { confidence: 100, reports: 1289 },
    });
    expect(stored.raw).toEqual(JSON.parse(fixture('abuseipdb.json')));
    expect(stored.ttl).toMatchObject({ days: 1 });
    expect(await score('198.51.100.7')).toBeGreaterThan(before);
    expect(server.seen.at(-1)?.headers.key).toBe('k-1');
  });

  it('never sends a PAP:AMBER value: refused, and the server saw nothing', async () => {
    const before = server.seen.length;
    await queue('203.0.113.9', 'shodan_internetdb');
    const [result] = await pass();
    expect(result).toMatchObject({ status: 'refused', error: 'PAP:AMBER — not sent to outside services.' });
    expect(server.seen.length).toBe(before);
    expect(await row('203.0.113.9', 'shodan_internetdb')).toMatchObject({
      status: 'refused',
      summary: null,
      raw: null,
    });
  });

  it('a 429 waits for Retry-After and is asked again after it', async () => {
    server.route('/greynoise/198.51.100.7', {
      status: 429,
      headers: { 'retry-after': '3600' },
      body: '{"message":"rate limited"}',
    });
    await queue('198.51.100.7', 'greynoise');
    expect((await pass())[0]).toMatchObject({
      status: 'rate_limited',
      error: expect.stringMatching(/rate-limited until/),
    });
    const limited = await row('198.51.100.7', 'greynoise');
    expect(limited.retry_at.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(await pass()).toEqual([]);
    server.route('/greynoise/198.51.100.7', { body: fixture('greynoise.json') });
    await db.query(
      `update public.enrichment_results set retry_at = now() - interval '1 second' where indicator_id = $1 and service_id = 'greynoise'`,
      [ids['198.51.100.7']],
    );
    expect((await pass())[0]).toMatchObject({ status: 'ok' });
    const { rows } = await db.query(`select score_enrichment from public.indicators where id = $1`, [
      ids['198.51.100.7'],
    ]);
    expect(rows[0].score_enrichment).toBe(25);
  });

  it('an answer unlike the documented one is stored nowhere and logged; the earlier answer stays', async () => {
    server.route('/abuseipdb/check?', {
      body: '{"data": {"ipAddress": "198.51.100.7", "abuseConfidenceScore": "high"}}',
    });
    await queue('198.51.100.7', 'abuseipdb');
    expect((await pass())[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/unlike its documented one/),
    });
    const stored = await row('198.51.100.7', 'abuseipdb');
    expect(stored.raw).toEqual(JSON.parse(fixture('abuseipdb.json')));
    expect(JSON.stringify(stored)).not.toContain('"high"');
    expect(logged.at(-1)).toMatch(/abuseipdb about indicator \d+: .*not kept/);
  });

  it('a bad key is visible on the service for the Health page', async () => {
    server.route('/abuseipdb/check?', { status: 401, body: fixture('abuseipdb-401.json') });
    await queue('198.51.100.7', 'abuseipdb');
    expect((await pass())[0]).toMatchObject({ status: 'failed' });
    const { rows } = await db.query(
      `select last_error, last_error_at from public.enrichment_services where id = 'abuseipdb'`,
    );
    expect(rows[0].last_error).toMatch(/refused the API key \(HTTP 401\)/);
    expect(rows[0].last_error_at).toBeInstanceOf(Date);
  });

  it('an analyst asks from the app and the worker answers at once; PAP:AMBER is refused in words', async () => {
    await db.query(`update public.sources set enabled = false`);
    server.route('/shodan_internetdb/198.51.100.7', { body: fixture('shodan-internetdb.json') });
    await db.query(`delete from public.enrichment_results where service_id = 'shodan_internetdb'`);
    const analyst = await signedInAnalyst();
    const refused = await analyst.rpc('request_enrichment', { _indicator_id: ids['203.0.113.9'] });
    expect(refused.error?.message).toBe('PAP:AMBER — not sent to outside services.');
    const [workerDb, listener] = [await openDb(), await openDb()];
    const stop = new AbortController();
    const seen: string[] = [];
    const running = runWorker(workerDb, listener, {
      pollSeconds: 3600,
      signal: stop.signal,
      onEnrichment: (r) => seen.push('indicatorId' in r ? `${r.service}: ${r.status}` : r.error),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const asked = await analyst.rpc('request_enrichment', {
        _indicator_id: ids['198.51.100.7'],
        _services: ['shodan_internetdb'],
      });
      expect(asked.error).toBeNull();
      expect(asked.data).toMatchObject([{ service_id: 'shodan_internetdb', status: 'queued' }]);
      for (let i = 0; i < 100 && !seen.includes('shodan_internetdb: ok'); i++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toContain('shodan_internetdb: ok');
      const { data } = await analyst
        .from('enrichment_results')
        .select('status, summary, score_delta')
        .eq('indicator_id', ids['198.51.100.7'])
        .eq('service_id', 'shodan_internetdb');
      expect(data).toEqual([
        { status: 'ok', summary: expect.objectContaining({ tags: ['c2', 'self-signed'] }), score_delta: 10 },
      ]);
      // Within the TTL a second request reuses the answer: nothing reaches the service.
      const before = server.seen.length;
      const again = await analyst.rpc('request_enrichment', {
        _indicator_id: ids['198.51.100.7'],
        _services: ['shodan_internetdb'],
      });
      expect(again.data).toMatchObject([{ status: 'ok' }]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(server.seen.length).toBe(before);
    } finally {
      stop.abort();
      await running;
      await Promise.all([workerDb.end(), listener.end()]);
    }
  });
});
