import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importUpload,
  queuedUploadFrom,
  type QueuedUploadRow,
  type StorageAccess,
} from '../src/connectors/upload-import.js';
import { signedInAnalyst, serviceClient } from './helpers/analyst.js';
import { openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/**
 * An asset inventory uploaded from External Assets: the analyst's own folder in the asset-uploads
 * bucket, request_asset_import, and the worker's download → intel's asset importer → removal.
 */

let db: pg.Client;
let analyst: SupabaseClient;
let analystId: string;
let storage: StorageAccess;

const CSV = [
  'Product,HOSTNAME,ip,Vendor,criticality,owner',
  'Connect Secure,upload-vpn.example.com,,Ivanti,4,',
  ',,,,,',
  'FortiOS,,203.0.113.209,Fortinet,critical,DMZ',
  ',bad host!,,,,',
  'Windows,upload-portal.example.com,,,2,',
  'Connect Secure,upload-known.example.com,,Ivanti,,',
].join('\r\n');

async function upload(name: string, body: string): Promise<string> {
  const object = `${analystId}/${crypto.randomUUID()}/${name}`;
  const { error } = await analyst.storage
    .from('asset-uploads')
    .upload(object, new Blob([body]), { contentType: 'application/octet-stream' });
  if (error) throw error;
  return object;
}

/** The worker's step for this run (other files' tests may leave queued runs behind). */
async function runUpload(runId: number) {
  const { rows } = await db.query<QueuedUploadRow>(
    `select r.id, r.requested_by, r.format, r.upload, null as source from public.import_runs r where r.id = $1`,
    [runId],
  );
  return importUpload(db, queuedUploadFrom(rows[0]!), storage);
}

async function run(id: number) {
  const { rows } = await db.query(`select * from public.import_runs where id = $1`, [id]);
  return rows[0] as Record<string, unknown> & { counts: Record<string, unknown> };
}

async function remaining(object: string): Promise<number> {
  const folder = object.slice(0, object.lastIndexOf('/'));
  const { data } = await serviceClient().storage.from('asset-uploads').list(folder);
  return (data ?? []).length;
}

beforeAll(async () => {
  db = await openDb();
  await db.query(`delete from public.assets where hostname like 'upload-%' or ip = '203.0.113.209'`);
  analyst = await signedInAnalyst();
  analystId = (await analyst.auth.getUser()).data.user!.id;
  storage = { apiUrl: intelEnv().apiUrl, serviceRoleKey: intelEnv().serviceRoleKey };
  // An asset already in the inventory, added by someone else: it keeps its creator and criticality.
  await db.query(
    `insert into public.assets (hostname, owner, criticality, created_by) values ('upload-known.example.com', 'Web', 'high', null)`,
  );
});
afterAll(async () => db.end());

describe('an asset inventory uploaded from the app', () => {
  it('is imported by the worker as the CLI would: counts, rejects by line, the uploader as creator, the file removed', async () => {
    const object = await upload('assets.csv', CSV);
    const { data: runId, error } = await analyst.rpc('request_asset_import', { _object_name: object });
    expect(error).toBeNull();
    expect(await run(runId as number)).toMatchObject({
      status: 'queued',
      format: 'assets',
      requested_by: analystId,
    });

    const result = await runUpload(runId as number);
    expect(result).toMatchObject({ result: 'imported', summary: { status: 'succeeded', rejected: 2 } });
    const done = await run(runId as number);
    expect(done).toMatchObject({
      status: 'succeeded',
      source_name: 'Asset inventory',
      records: 5,
      rejected: 2,
    });
    expect(done.rejects).toEqual([
      { where: 'line 5', reason: expect.stringMatching(/hostname/) },
      { where: 'line 6', reason: 'product without a vendor' },
    ]);
    expect(done.counts).toMatchObject({
      assets: { inserted: 2, updated: 1 },
      products: { inserted: 3 },
    });

    const { rows: assets } = await db.query<{ host: string; created_by: string | null; criticality: string }>(
      `select coalesce(hostname, host(ip)) as host, created_by, criticality::text from public.assets
        where hostname like 'upload-%' or ip = '203.0.113.209' order by 1`,
    );
    expect(assets).toEqual([
      { host: '203.0.113.209', created_by: analystId, criticality: 'critical' },
      { host: 'upload-known.example.com', created_by: null, criticality: 'high' },
      { host: 'upload-vpn.example.com', created_by: analystId, criticality: 'critical' },
    ]);
    expect(await remaining(object)).toBe(0);
  });

  it('a file without an asset header fails the run with the reason, and is removed too', async () => {
    const object = await upload('notes.csv', 'vpn.example.com,Ivanti\n');
    const { data: runId } = await analyst.rpc('request_asset_import', { _object_name: object });
    expect(await runUpload(runId as number)).toMatchObject({ result: 'failed' });
    const failed = await run(runId as number);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(
      /^notes\.csv: not an asset inventory: the first line must be a header naming a hostname or ip column/,
    );
    expect(await remaining(object)).toBe(0);
  });

  it("refuses another person's file, and a file over 5 MB at the bucket", async () => {
    const stranger = await signedInAnalyst();
    const mine = await upload('mine.csv', CSV);
    const theirs = await stranger.rpc('request_asset_import', { _object_name: mine });
    expect(theirs.error?.message).toBe(
      'That file is not among your asset inventory uploads; upload it again',
    );
    const big = await analyst.storage
      .from('asset-uploads')
      .upload(`${analystId}/big/assets.csv`, new Blob(['x'.repeat(5 * 1024 * 1024 + 1)]));
    expect(big.error).not.toBeNull();
    await serviceClient().storage.from('asset-uploads').remove([mine]);
  });
});
