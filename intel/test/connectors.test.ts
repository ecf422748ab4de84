import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../src/connectors/catalogue.js';
import { dueSources, syncSource } from '../src/connectors/sync-source.js';
import { runWorker } from '../src/connectors/worker.js';
import { sharedFile } from '../src/testing/shared-data.js';
import { emptyKnowledgeBase, openDb } from './helpers/db.js';
import { serviceClient } from './helpers/analyst.js';

/** A local stand-in for the feeds' servers: serves the fixture files with ETags, and faults on demand. */
const KEV = readFileSync(sharedFile('cisa-kev/known_exploited_vulnerabilities.json'));
const ETAG = `"${createHash('sha1').update(KEV).digest('hex')}"`;
let failuresBeforeSuccess = 0;
const requests: { url: string; ifNoneMatch?: string }[] = [];

/** A MISP feed of the five ESET events: manifest.json and <uuid>.json, as CIRCL publishes theirs. */
const ESET = [
  'sednit_2019-05-23_Zebrocy.json',
  'turla_misp-turla-comrat-v4-event.json',
  'cloudmensis_cloudmensis.misp.json',
  'oceanlotus_oceanlotus-macOS.misp.event.json',
  'winter_vivern_misp-wintervivern.event.json',
];
const mispEvents = new Map<string, { Event: Record<string, unknown> & { uuid: string; timestamp: string } }>(
  ESET.map((file) => {
    const { response } = JSON.parse(readFileSync(sharedFile(`eset-misp-events/${file}`), 'utf8'));
    return [response[0].Event.uuid, { Event: response[0].Event }];
  }),
);
let mispManifestOverride: string | undefined;
/** Events the manifest lists but the feed does not serve. */
const mispGhosts = new Set<string>();
function mispManifest(): string {
  if (mispManifestOverride) return mispManifestOverride;
  const entries = [...mispEvents].map(([uuid, { Event }]) => [
    uuid,
    { info: Event.info, timestamp: Event.timestamp },
  ]);
  for (const ghost of mispGhosts) entries.push([ghost, { info: 'gone', timestamp: '1700000000' }]);
  return JSON.stringify(Object.fromEntries(entries));
}
function serveMispFeed(req: http.IncomingMessage, res: http.ServerResponse): void {
  const name = req.url!.slice('/misp/'.length);
  if (name === 'manifest.json') {
    const body = mispManifest();
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    return void res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag }).end(body);
  }
  const event = mispEvents.get(name.replace(/\.json$/, ''));
  if (!event) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(event));
}

const server = http.createServer((req, res) => {
  requests.push({ url: req.url!, ifNoneMatch: req.headers['if-none-match'] });
  if (req.url!.startsWith('/misp/')) return serveMispFeed(req, res);
  if (req.url === '/missing.json') return void res.writeHead(404).end();
  if (failuresBeforeSuccess > 0) {
    failuresBeforeSuccess--;
    return void res.writeHead(503, { 'Retry-After': '0' }).end();
  }
  if (req.headers['if-none-match'] === ETAG) return void res.writeHead(304).end();
  res
    .writeHead(200, {
      'Content-Type': 'application/json',
      ETag: ETAG,
      'Last-Modified': 'Mon, 01 Jun 2026 00:00:00 GMT',
    })
    .end(KEV);
});

let db: pg.Client;
let base = '';
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureCatalogue(db);
});
afterAll(async () => {
  server.close();
  await db.end();
});

const kevSource = async () => (await dueSources(db, ['CISA KEV']))[0]!;
const noWait = { sleep: async () => undefined, backoffMs: 1 };

describe('connectors', () => {
  it('a fresh installation knows the public feeds with their official URLs and schedules', async () => {
    const { rows } = await db.query(
      `select name, format, url, sync_interval::text from public.sources order by name`,
    );
    expect(rows.map((r) => r.format).sort()).toEqual([
      'attack',
      'cve',
      'epss',
      'feodo',
      'kev',
      'misp',
      'nvd',
      'rss',
      'rss',
      'rss',
      'threatfox',
      'urlhaus',
    ]);
    expect(rows.find((r) => r.format === 'kev')).toMatchObject({
      url: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
      sync_interval: '1 day',
    });
    // Nothing reaches the internet until an administrator enables a feed.
    expect(await dueSources(db, [])).toEqual([]);
    await db.query(`update public.sources set enabled = true`);
    expect((await dueSources(db, [])).length).toBe(12);
  });

  it('downloads and imports a changed feed, then asks conditionally and imports nothing when unchanged', async () => {
    await db.query(`update public.sources set url = $1 where name = 'CISA KEV'`, [`${base}/kev.json`]);
    const first = await syncSource(db, await kevSource(), noWait);
    expect(first).toMatchObject({ result: 'imported', summary: { inserted: 1404 } });
    const second = await syncSource(db, await kevSource(), noWait);
    expect(second).toEqual({ source: 'CISA KEV', result: 'not-modified' });
    expect(requests.at(-1)!.ifNoneMatch).toBe(ETAG);
    expect((await dueSources(db, [])).map((s) => s.name)).not.toContain('CISA KEV');
  });

  it('retries with back-off on 503 and succeeds', async () => {
    await db.query(`update public.sources set etag = null, last_modified = null where name = 'CISA KEV'`);
    failuresBeforeSuccess = 2;
    const before = requests.length;
    const result = await syncSource(db, await kevSource(), noWait);
    expect(result).toMatchObject({ result: 'imported', summary: { unchanged: 1404 } });
    expect(requests.length - before).toBe(3);
  });

  it('reports a feed that does not exist, without retrying it', async () => {
    await db.query(`update public.sources set url = $1 where name = 'CISA KEV'`, [`${base}/missing.json`]);
    const before = requests.length;
    const result = await syncSource(db, await kevSource(), noWait);
    expect(result).toMatchObject({ result: 'failed', error: expect.stringMatching(/answered HTTP 404/) });
    expect(requests.length - before).toBe(1);
    // The failure is a run of its own, so Third-Party Intelligence shows the source as failing.
    const { rows } = await db.query(
      `select status, error, records from public.import_runs where source_name = 'CISA KEV' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/answered HTTP 404/),
      records: 0,
    });
  });

  it('syncs a MISP feed: the manifest conditionally, then only the events that are new or changed', async () => {
    await db.query(`update public.sources set url = $1 where name = 'CIRCL OSINT feed'`, [`${base}/misp/`]);
    const feed = async () => (await dueSources(db, ['CIRCL OSINT feed']))[0]!;
    const eventRequests = (from: number) =>
      requests.slice(from).filter((r) => r.url.startsWith('/misp/') && !r.url.endsWith('manifest.json'));
    const reports = () =>
      db.query<{ uuid: string; modified: Date }>(
        `select stix->>'x_misp_event_uuid' as uuid, modified from public.intel_objects
         where type = 'report' and stix ? 'x_misp_event_uuid'`,
      );

    let before = requests.length;
    const first = await syncSource(db, await feed(), noWait);
    expect(first).toMatchObject({ result: 'imported', summary: { format: 'misp', rejected: 0 } });
    expect(eventRequests(before)).toHaveLength(5);
    expect((await reports()).rows.map((r) => r.uuid).sort()).toEqual([...mispEvents.keys()].sort());

    before = requests.length;
    expect(await syncSource(db, await feed(), noWait)).toEqual({
      source: 'CIRCL OSINT feed',
      result: 'not-modified',
    });
    expect(requests.length - before).toBe(1);

    // The producer edits one event: the manifest changes, and that event alone is fetched again.
    const [edited, { Event }] = [...mispEvents][1]!;
    Event.timestamp = String(Number(Event.timestamp) + 3600);
    before = requests.length;
    const third = await syncSource(db, await feed(), noWait);
    expect(third).toMatchObject({ result: 'imported', summary: { rejected: 0 } });
    expect(eventRequests(before).map((r) => r.url)).toEqual([`/misp/${edited}.json`]);
    const modified = (await reports()).rows.find((r) => r.uuid === edited)!.modified;
    expect(modified.getTime()).toBe(Number(Event.timestamp) * 1000);
  });

  it('imports the events a MISP feed has when it lacks one it lists, and asks for that one again', async () => {
    const feed = async () => (await dueSources(db, ['CIRCL OSINT feed']))[0]!;
    const ghost = '00000000-0000-4000-8000-0000000000aa';
    const eventUrls = (from: number) =>
      requests
        .slice(from)
        .filter((r) => r.url.startsWith('/misp/') && !r.url.endsWith('manifest.json'))
        .map((r) => r.url);
    mispGhosts.add(ghost);
    try {
      const [changed, { Event }] = [...mispEvents][2]!;
      Event.timestamp = String(Number(Event.timestamp) + 60);
      let before = requests.length;
      const partial = await syncSource(db, await feed(), noWait);
      expect(partial).toMatchObject({
        result: 'imported',
        summary: { rejected: 0 },
        warnings: [`event ${ghost} is listed in the manifest but missing`],
      });
      expect(eventUrls(before).sort()).toEqual([`/misp/${changed}.json`, `/misp/${ghost}.json`].sort());
      // The manifest is read again (no validators kept), and only the missing event is asked for.
      before = requests.length;
      const again = await syncSource(db, await feed(), noWait);
      expect(again).toMatchObject({
        result: 'failed',
        error: expect.stringMatching(/listed in the manifest but missing/),
      });
      expect(
        requests.slice(before).find((r) => r.url.endsWith('manifest.json'))?.ifNoneMatch,
      ).toBeUndefined();
      expect(eventUrls(before)).toEqual([`/misp/${ghost}.json`]);
    } finally {
      mispGhosts.delete(ghost);
    }
  });

  it('refuses a MISP feed whose manifest is not one, and imports nothing', async () => {
    const runs = Number((await db.query('select count(*) as n from public.import_runs')).rows[0].n);
    const objects = Number((await db.query('select count(*) as n from public.intel_objects')).rows[0].n);
    mispManifestOverride = JSON.stringify({ 'not-a-uuid': { timestamp: 'yesterday' } });
    try {
      const result = await syncSource(db, (await dueSources(db, ['CIRCL OSINT feed']))[0]!, noWait);
      expect(result).toMatchObject({
        result: 'failed',
        error: expect.stringMatching(/is not a MISP feed manifest/),
      });
    } finally {
      mispManifestOverride = undefined;
    }
    expect(Number((await db.query('select count(*) as n from public.intel_objects')).rows[0].n)).toBe(
      objects,
    );
    // One failed run says why; nothing was imported under it.
    const { rows } = await db.query(
      `select status, error, inserted from public.import_runs where id > (select max(id) - 1 from public.import_runs)`,
    );
    expect(Number((await db.query('select count(*) as n from public.import_runs')).rows[0].n)).toBe(runs + 1);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/is not a MISP feed manifest/),
      inserted: 0,
    });
  });

  it('the worker carries out a sync requested from the app, on the server', async () => {
    // Only this source, on the local server: the worker must not reach for the real feeds.
    await db.query(`update public.sources set enabled = false`);
    await db.query(
      `update public.sources set url = $1, etag = null, last_modified = null where name = 'CISA KEV'`,
      [`${base}/kev.json`],
    );
    const [workerDb, listener] = [await openDb(), await openDb()];
    const stop = new AbortController();
    const results: string[] = [];
    const running = runWorker(workerDb, listener, {
      pollSeconds: 3600,
      signal: stop.signal,
      onResult: (r) => results.push(`${r.source}: ${r.result}`),
    });
    try {
      const { rows } = await db.query(`select id from public.sources where name = 'CISA KEV'`);
      const requested = await serviceClient().rpc('request_source_sync', { _source_id: rows[0].id });
      expect(requested.error).toBeNull();
      const runId = Number(requested.data);
      let status = 'queued';
      // Generous: the machine is shared, and the import itself takes a second or two. The run is
      // marked finished in the database a moment before the worker reports it: wait for both.
      for (let i = 0; i < 300 && (status === 'queued' || status === 'running' || results.length === 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await db.query(`select status from public.import_runs where id = $1`, [runId])).rows[0]
          .status;
      }
      expect({ status, results }).toEqual({ status: 'succeeded', results: ['CISA KEV: imported'] });
      const { rows: run } = await db.query(
        `select records, unchanged from public.import_runs where id = $1`,
        [runId],
      );
      expect(run[0]).toEqual({ records: 1404, unchanged: 1404 });
    } finally {
      stop.abort();
      await running;
      await Promise.all([workerDb.end(), listener.end()]);
    }
  });
});
