import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUploads } from '../src/connectors/expire-uploads.js';
import { signedInAnalyst, serviceClient } from './helpers/analyst.js';
import { openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/**
 * Uploaded files nobody imported expire (issue 36 item 7): the worker's daily purge removes,
 * through the storage API, the files older than uploads.unimported_expiry_hours that no waiting
 * import names; a queued upload and a new one stay.
 */

let db: pg.Client;
let analyst: SupabaseClient;
let folder: string;

async function upload(name: string): Promise<string> {
  const object = `${folder}/${name}`;
  const { error } = await analyst.storage
    .from('telemetry-uploads')
    .upload(object, new Blob(['{"event_type":"dns"}\n']), { contentType: 'application/octet-stream' });
  if (error) throw error;
  return object;
}

async function remaining(): Promise<string[]> {
  const { data } = await serviceClient().storage.from('telemetry-uploads').list(folder);
  return (data ?? []).map((o) => o.name).sort();
}

beforeAll(async () => {
  db = await openDb();
  analyst = await signedInAnalyst();
  folder = `${(await analyst.auth.getUser()).data.user!.id}/${crypto.randomUUID()}`;
});
afterAll(async () => {
  await serviceClient()
    .storage.from('telemetry-uploads')
    .remove((await remaining()).map((name) => `${folder}/${name}`));
  await db.end();
});

describe('unimported uploads', () => {
  it('are removed by the purge once older than the setting; a queued one and a new one stay', async () => {
    const forgotten = await upload('forgotten.json');
    const queued = await upload('queued.json');
    await upload('new.json');
    const { data: runId, error } = await analyst.rpc('request_telemetry_import', { _object_name: queued });
    expect(error).toBeNull();
    await db.query(
      `update storage.objects set created_at = now() - interval '2 days'
        where bucket_id = 'telemetry-uploads' and name = any ($1)`,
      [[forgotten, queued]],
    );
    try {
      const purged = await expireUploads(db, {
        apiUrl: intelEnv().apiUrl,
        serviceRoleKey: intelEnv().serviceRoleKey,
      });
      expect(purged).toMatchObject({ data: 'unimported uploads', keptDays: 1 });
      expect(purged.deleted).toBeGreaterThanOrEqual(1);
      expect(await remaining()).toEqual(['new.json', 'queued.json']);
    } finally {
      // Not left for another file's worker step to take.
      await db.query(`delete from public.import_runs where id = $1`, [runId]);
    }
  });
});
