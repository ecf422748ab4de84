/**
 * The administrators' outbound rules reach the worker (issue 36): with "Refuse private and loopback
 * addresses" on, a source on this machine is not fetched, and the run says why in plain words;
 * allowing its address lets the next sync through. Where a URL is set, the database refuses a
 * metadata address outright.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../src/connectors/catalogue.js';
import { dueSources, syncSource } from '../src/connectors/sync-source.js';
import { openDb } from './helpers/db.js';

let requests = 0;
const server = http.createServer((_req, res) => {
  requests += 1;
  res.writeHead(500).end();
});

let db: pg.Client;
let base = '';
const SOURCE = 'CISA KEV';
const noWait = { sleep: async () => undefined, backoffMs: 1, retries: 0 };

beforeAll(async () => {
  db = await openDb();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await ensureCatalogue(db);
  await db.query(`update public.sources set url = $1 where name = $2`, [`${base}/kev.json`, SOURCE]);
});
afterAll(async () => {
  await db.query(`update public.settings set value = 'false' where key = 'outbound.restrict_private'`);
  await db.query(`delete from public.outbound_allowed_addresses where reason like 'intel outbound test%'`);
  server.close();
  await db.end();
});

describe('outbound address rules in the worker', () => {
  it('does not fetch a loopback source while private addresses are refused, and says why', async () => {
    await db.query(`update public.settings set value = 'true' where key = 'outbound.restrict_private'`);
    const before = requests;
    const result = await syncSource(db, (await dueSources(db, [SOURCE]))[0]!, noWait);
    expect(result).toMatchObject({
      result: 'failed',
      error: expect.stringMatching(
        /refused to connect to 127\.0\.0\.1:\d+: 127\.0\.0\.1 is a loopback address/,
      ),
    });
    expect(requests).toBe(before);
    const { rows } = await db.query(
      `select status, error from public.import_runs where source_name = $1 order by id desc limit 1`,
      [SOURCE],
    );
    expect(rows[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/An administrator can allow/),
    });
  });

  it('reaches it once an administrator allows the address', async () => {
    await db.query(
      `insert into public.outbound_allowed_addresses (address, reason) values ('127.0.0.1/32', 'intel outbound test')`,
    );
    const before = requests;
    const result = await syncSource(db, (await dueSources(db, [SOURCE]))[0]!, noWait);
    // The stand-in answers 500: the request got there, which is what the rule decides.
    expect(requests).toBeGreaterThan(before);
    expect(result).toMatchObject({ result: 'failed', error: expect.stringMatching(/HTTP 500/) });
  });

  it('refuses a metadata address where the URL is set', async () => {
    await expect(
      db.query(`update public.sources set url = 'http://169.254.169.254/latest/meta-data/' where name = $1`, [
        SOURCE,
      ]),
    ).rejects.toThrow(/This URL is refused: 169\.254\.169\.254 is a link-local address/);
  });
});
