import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueSources, syncSource } from '../src/connectors/sync-source.js';
import { signedInAdmin } from './helpers/admin.js';
import { count, emptyKnowledgeBase, openDb, tempFile } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/** Issue 30 §3: feeds in a layout of their own, imported and synced through a declarative map. */
const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');
const intel = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args, '--db-url', intelEnv().dbUrl], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const MAP = {
  delimiter: ';',
  header: true,
  fields: {
    value: 'Indicator',
    type: { column: 'Kind', values: { ip: 'ipv4', cidr: 'ipv4-cidr', fqdn: 'domain' } },
    first_seen: 'Seen',
    labels: 'Tags',
    description: 5,
    tlp: 'TLP',
  },
};
// A partner's list: its own headers, `;`, a BOM, a quoted note over two lines, one unknown kind.
const CSV =
  '\uFEFFIndicator;Kind;Seen;Tags;Note;TLP\n' +
  '198.51.100.7;ip;2026-03-01;c2,botnet;"first\nseen in a phish";green\n' +
  '203.0.113.77/24;cidr;2026-03-02;;;\n' +
  'Bad[.]Example;fqdn;;;;\n' +
  'whatever;asn-ish;;;;\n';

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('import --map', () => {
  it("imports a ';'-separated CSV with its own headers through a map, the bad row rejected by line (held-out check)", async () => {
    const map = tempFile('partner-map.json', JSON.stringify(MAP));
    const result = intel([
      'import',
      tempFile('partner.csv', CSV),
      '--format',
      'csv',
      '--map',
      map,
      '--source',
      'Partner list',
      '--json',
    ]);
    expect(result.stderr).not.toMatch(/refused/);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout.trim().split('\n').at(-1)!);
    expect(json).toMatchObject({
      format: 'csv-map',
      source: 'Partner list',
      records: 4,
      inserted: 3,
      rejected: 1,
    });
    expect(json.rejects).toEqual([
      { where: 'line 6', reason: expect.stringContaining('type "asn-ish" is not one the map knows') },
    ]);
    const { rows } = await db.query(
      `select i.type::text, i.value, i.tlp::text, i.labels, i.description from public.indicators i
         join public.indicator_sources s on s.indicator_id = i.id join public.sources src on src.id = s.source_id
        where src.name = 'Partner list' order by i.value`,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'ipv4',
        value: '198.51.100.7',
        tlp: 'green',
        labels: ['botnet', 'c2'],
        description: 'first\nseen in a phish',
      }),
      // Stored canonically, as every importer stores them: the range's host bits cleared, the domain refanged.
      expect.objectContaining({ type: 'ipv4-cidr', value: '203.0.113.0/24' }),
      expect.objectContaining({ type: 'domain', value: 'bad.example' }),
    ]);
    expect(
      await count(
        db,
        `select count(*) from public.sources where name = 'Partner list' and format = 'csv-map'`,
      ),
    ).toBe(1);
  });

  it('refuses a map naming a missing column before any row is read, and writes nothing', async () => {
    const before = await count(db, 'select count(*) from public.indicators');
    const map = tempFile(
      'bad-map.json',
      JSON.stringify({ ...MAP, fields: { ...MAP.fields, last_seen: 'Last' } }),
    );
    const result = intel([
      'import',
      tempFile('partner2.csv', CSV.replace('198.51.100.7', '198.51.100.8')),
      '--format',
      'csv',
      '--map',
      map,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'import refused, nothing was written: the map names column "Last" (for last_seen)',
    );
    expect(await count(db, 'select count(*) from public.indicators')).toBe(before);
  });

  it('--dry-run prints the rows as they would be stored and writes nothing', async () => {
    const before = await count(db, 'select count(*) from public.import_runs');
    const indicators = await count(db, 'select count(*) from public.indicators');
    const map = tempFile('partner-map.json', JSON.stringify(MAP));
    const result = intel([
      'import',
      tempFile('partner3.csv', CSV.replace('198.51.100.7', '192.0.2.9')),
      '--format',
      'csv',
      '--map',
      map,
      '--dry-run',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/nothing was written/);
    expect(result.stdout).toMatch(/ipv4-cidr\s+203\.0\.113\.0\/24/);
    expect(result.stdout).toContain('✗ line 6: type "asn-ish"');
    expect(result.stdout).toContain('4 records: 3 would import, 1 rejected');
    expect(await count(db, 'select count(*) from public.import_runs')).toBe(before);
    expect(await count(db, 'select count(*) from public.indicators')).toBe(indicators);
  });

  it('names a map that is not valid before reading the file', () => {
    const map = tempFile('not-a-map.json', JSON.stringify({ delimiter: ';', fields: { type: 'ip' } }));
    const result = intel(['import', tempFile('partner4.csv', CSV), '--format', 'csv', '--map', map]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the map is not valid: fields.value is missing');
  });
});

describe('a source with a map', () => {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/csv' }).end(CSV.replace('198.51.100.7', '198.51.100.9')),
  );
  let url = '';
  let sourceId = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/partner.csv`;
    const { rows } = await db.query(
      `insert into public.sources (name, kind, url, sync_interval, enabled) values ('Partner feed', 'feed', $1, '1 hour', true) returning id`,
      [url],
    );
    sourceId = rows[0].id;
  });
  afterAll(() => server.close());

  it('is set by administrators with MFA only, checked by the database, and audited', async () => {
    const noMfa = await signedInAdmin(db, { mfa: false });
    const refused = await noMfa.client.rpc('set_source_feed_map', { _id: sourceId, _map: MAP });
    expect(refused.error?.code).toBe('42501');
    const admin = await signedInAdmin(db, { mfa: true });
    const bad = await admin.client.rpc('set_source_feed_map', {
      _id: sourceId,
      _map: { fields: { value: 'Indicator', type: 'ip' } },
    });
    expect(bad.error).toMatchObject({
      code: '22023',
      message: 'The map is not valid: "ip" is not an indicator type',
    });
    const set = await admin.client.rpc('set_source_feed_map', { _id: sourceId, _map: MAP });
    expect(set.error).toBeNull();
    expect(set.data).toEqual([expect.objectContaining({ format: 'csv-map', feed_map: MAP })]);
    expect(
      await count(
        db,
        `select count(*) from public.security_events where event_type = 'source_changed' and details ->> 'source_id' = $1 and details -> 'changes' ? 'feed_map' and user_id = $2`,
        [sourceId, admin.id],
      ),
    ).toBe(1);
  });

  it('is pulled and mapped by sync', async () => {
    const [source] = await dueSources(db, ['Partner feed']);
    const result = await syncSource(db, source!, { sleep: async () => undefined, backoffMs: 1 });
    expect(result).toMatchObject({
      result: 'imported',
      summary: { format: 'csv-map', inserted: 1, rejected: 1 },
    });
    expect(await count(db, `select count(*) from public.indicators where value = '198.51.100.9'`)).toBe(1);
  });

  it('without a map, a sync fails saying so', async () => {
    await db.query(`update public.sources set feed_map = null where id = $1`, [sourceId]);
    const [source] = await dueSources(db, ['Partner feed']);
    const result = await syncSource(db, source!, { sleep: async () => undefined, backoffMs: 1 });
    expect(result).toMatchObject({ result: 'failed', error: expect.stringContaining('has no feed map yet') });
  });
});
