/**
 * Served feeds end to end on the test stack: `intel feeds add --json` prints one JSON line
 * {id, url, token}; the URL serves the export with that token through the gateway and the `feeds`
 * function; an import of a matching value changes the ETag (the ledger), a conditional request
 * before it is 304; TLP:RED stays out; list, rotate-token and remove.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyKnowledgeBase, openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');
const intel = (args: string[]) => {
  const r = spawnSync(
    process.execPath,
    [
      BIN,
      ...args,
      '--db-url',
      intelEnv().dbUrl,
      ...(args[0] === 'feeds' ? ['--api-url', intelEnv().apiUrl] : []),
    ],
    { encoding: 'utf8' },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query('delete from public.served_feeds');
  await db.query(`insert into public.indicators (type, value, confidence, tlp) values
    ('domain', 'served.example', 90, 'clear'), ('domain', 'secret.example', 90, 'red')`);
});
afterAll(async () => db.end());

describe('intel feeds', () => {
  const feed = { id: '', url: '', token: '' };

  it('add --json prints exactly one line {id, url, token}', () => {
    const r = intel([
      'feeds',
      'add',
      '--name',
      'dns resolvers',
      '--format',
      'rpz',
      '--type',
      'domain',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0]!) as typeof feed;
    expect(Object.keys(parsed)).toEqual(['id', 'url', 'token']);
    expect(parsed.url).toBe(`${intelEnv().apiUrl}/functions/v1/feeds/${parsed.id}`);
    expect(parsed.token).toMatch(/^ctf_[A-Za-z0-9_-]{43}$/);
    Object.assign(feed, parsed);
  });

  it('bad input is refused in words', () => {
    const dup = intel(['feeds', 'add', '--name', 'dns resolvers', '--format', 'rpz']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('There is already a feed named "dns resolvers".');
    expect(intel(['feeds', 'add', '--name', 'x', '--format', 'pdf']).stderr).toContain(
      'Unknown feed format "pdf"',
    );
    expect(intel(['feeds', 'add', '--name', 'x', '--format', 'text', '--max-tlp', 'pink']).stderr).toContain(
      'Unknown TLP level "pink"',
    );
    expect(intel(['feeds', 'add', '--name', 'x', '--format', 'text', '--source', 'Nope']).stderr).toContain(
      'Unknown source(s): Nope.',
    );
    expect(intel(['feeds', 'remove', 'no such feed']).stderr).toContain('no feed "no such feed"');
  });

  it('the URL serves the zone with the token; a matching import changes the ETag; RED stays out', async () => {
    const auth = { Authorization: `Bearer ${feed.token}` };
    expect((await fetch(feed.url)).status).toBe(401);
    const first = await fetch(feed.url, { headers: auth });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/dns; charset=utf-8');
    const zone = await first.text();
    expect(zone).toContain('\nserved.example CNAME .\n');
    expect(zone).not.toContain('secret.example');
    const etag = first.headers.get('etag')!;
    const unchanged = await fetch(feed.url, { headers: { ...auth, 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);

    await db.query(
      `insert into public.indicators (type, value, confidence, tlp) values ('domain', 'new.example', 90, 'green')`,
    );
    const changed = await fetch(feed.url, { headers: { ...auth, 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('\nnew.example CNAME .\n');
  });

  it('list shows the pulls; rotate-token stops the old token; remove', async () => {
    const list = intel(['feeds', 'list', '--json']);
    expect(list.code).toBe(0);
    const [row] = JSON.parse(list.stdout) as { name: string; pull_count: number; last_pulled_from: string }[];
    expect(row!.name).toBe('dns resolvers');
    expect(row!.pull_count).toBe(3);
    expect(row!.last_pulled_from).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

    const rotated = intel(['feeds', 'rotate-token', 'dns resolvers', '--json']);
    const { token } = JSON.parse(rotated.stdout) as { token: string };
    expect((await fetch(feed.url, { headers: { Authorization: `Bearer ${feed.token}` } })).status).toBe(401);
    expect((await fetch(feed.url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);

    expect(intel(['feeds', 'remove', feed.id]).code).toBe(0);
    expect((await fetch(feed.url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    const { rows } = await db.query(
      `select action from public.audit_trail where target_type = 'served_feed' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual([
      'served_feed.created',
      'served_feed.token_rotated',
      'served_feed.deleted',
    ]);
  });
});
