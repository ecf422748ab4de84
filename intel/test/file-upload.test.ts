import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importUpload, takeQueuedUpload, type StorageAccess } from '../src/connectors/upload-import.js';
import { runWorker } from '../src/connectors/worker.js';
import { signedInAdmin } from './helpers/admin.js';
import { signedInAnalyst, serviceClient } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, openDb } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

/**
 * Files uploaded for a source from the Third-Party Intelligence page: the admin's own folder in the
 * intel-uploads bucket (admins with MFA only), request_file_import, and the worker's download →
 * knowledge-base import under that source → removal.
 */

let db: pg.Client;
let admin: SupabaseClient;
let adminId: string;
let storage: StorageAccess;
let sourceId: string;

const SOURCE = 'Partner C2 list';
const FEODO = [
  '"first_seen_utc","dst_ip","dst_port","c2_status","last_online","malware"',
  '"2026-05-01 10:00:00","198.51.100.201","443","online","2026-05-02","Pikabot"',
  '"2026-05-01 11:00:00","not-an-ip","443","online","2026-05-02","Pikabot"',
  '"2026-05-01 12:00:00","198.51.100.202","8080","offline","2026-05-02","QakBot"',
].join('\n');

async function upload(client: SupabaseClient, ownerId: string, name: string, body: string) {
  const object = `${ownerId}/${crypto.randomUUID()}/${name}`;
  const { error } = await client.storage
    .from('intel-uploads')
    .upload(object, new Blob([body]), { contentType: 'text/csv' });
  return { object, error };
}

async function uploaded(name: string, body: string): Promise<string> {
  const { object, error } = await upload(admin, adminId, name, body);
  if (error) throw error;
  return object;
}

async function requestImport(client: SupabaseClient, object: string, format?: string, source = sourceId) {
  return client.rpc('request_file_import', {
    _object_name: object,
    _source_id: source,
    ...(format ? { _format: format } : {}),
  });
}

async function runNextUpload(access: StorageAccess | undefined) {
  const job = await takeQueuedUpload(db);
  if (!job) throw new Error('no queued upload');
  return importUpload(db, job, access);
}

async function run(id: number) {
  const { rows } = await db.query(`select * from public.import_runs where id = $1`, [id]);
  return rows[0] as Record<string, unknown>;
}

async function remaining(object: string): Promise<number> {
  const folder = object.slice(0, object.lastIndexOf('/'));
  const { data } = await serviceClient().storage.from('intel-uploads').list(folder);
  return (data ?? []).length;
}

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.sources (name, kind, format, reliability, default_tlp) values ($1, 'file', 'feodo', 'B', 'green')
     returning id`,
    [SOURCE],
  );
  sourceId = rows[0]!.id;
  ({ client: admin, id: adminId } = await signedInAdmin(db, { mfa: true }));
  storage = { apiUrl: intelEnv().apiUrl, serviceRoleKey: intelEnv().serviceRoleKey };
});
afterAll(async () => db.end());

describe('a file uploaded for a source from the app', () => {
  it("is imported by the worker into that source, in the source's format: rejects by line, and the file removed", async () => {
    const object = await uploaded('partner-c2.csv', FEODO);
    const { data: runId, error } = await requestImport(admin, object);
    expect(error).toBeNull();
    expect(await run(runId as number)).toMatchObject({
      status: 'queued',
      format: 'feodo',
      source_id: sourceId,
      source_name: SOURCE,
      requested_by: adminId,
      upload: { bucket: 'intel-uploads', object },
    });

    const result = await runNextUpload(storage);
    expect(result).toMatchObject({ result: 'imported', summary: { status: 'succeeded', rejected: 1 } });
    const done = await run(runId as number);
    expect(done).toMatchObject({
      status: 'succeeded',
      source_id: sourceId,
      records: 3,
      inserted: 2,
      rejected: 1,
    });
    expect(done.rejects).toEqual([expect.objectContaining({ where: 'line 3' })]);
    // Filed under the source, with its default TLP for records that carry none.
    const filed = await count(
      db,
      `select 1 from public.indicator_sources p join public.indicators i on i.id = p.indicator_id
        where p.source_id = $1 and p.tlp = 'green' and i.value in ('198.51.100.201', '198.51.100.202')`,
      [sourceId],
    );
    expect(filed).toBe(2);
    expect(await remaining(object)).toBe(0);
  });

  it('a file that is not in the format named fails the run with the reason, and is removed too', async () => {
    const object = await uploaded('notes.txt', 'hello, this is not a blocklist\n');
    const { data: runId, error } = await requestImport(admin, object, 'kev');
    expect(error).toBeNull();
    expect(await run(runId as number)).toMatchObject({ format: 'kev' });
    expect(await runNextUpload(storage)).toMatchObject({ result: 'failed' });
    const failed = await run(runId as number);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(expect.any(String));
    expect(await remaining(object)).toBe(0);
  });

  it('a format without a knowledge-base importer fails the run and says so', async () => {
    const object = await uploaded('eve.json', '{}\n');
    const { data: runId } = await requestImport(admin, object, 'suricata-eve');
    await runNextUpload(storage);
    expect(await run(runId as number)).toMatchObject({
      status: 'failed',
      error: 'the format "suricata-eve" has no importer for the knowledge base',
    });
  });

  it('the worker carries the upload out, and never mistakes it for a sync of its source', async () => {
    const object = await uploaded('again.csv', FEODO);
    const [workerDb, listener] = [await openDb(), await openDb()];
    const stop = new AbortController();
    const results: string[] = [];
    const running = runWorker(workerDb, listener, {
      pollSeconds: 3600,
      signal: stop.signal,
      storage,
      onResult: (r) => results.push(`${r.source}: ${r.result}`),
    });
    try {
      const { data: runId, error } = await requestImport(admin, object);
      expect(error).toBeNull();
      // The worker reports once the run's row is written: wait for its report.
      for (let i = 0; i < 300 && results.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const status = (await run(runId as number)).status;
      expect({ status, results }).toEqual({
        status: 'succeeded',
        results: [`${SOURCE}: upload again.csv: imported`],
      });
      expect(await run(runId as number)).toMatchObject({ records: 3, unchanged: 2, rejected: 1 });
    } finally {
      stop.abort();
      await running;
      await Promise.all([workerDb.end(), listener.end()]);
    }
  });

  it('refuses analysts and admins without MFA, at the bucket and at the request', async () => {
    const analyst = await signedInAnalyst();
    const analystId = (await analyst.auth.getUser()).data.user!.id;
    const plain = await signedInAdmin(db, { mfa: false });
    for (const [client, id] of [
      [analyst, analystId],
      [plain.client, plain.id],
    ] as const) {
      expect((await upload(client, id, 'x.csv', FEODO)).error).not.toBeNull();
      const mine = await uploaded('for-them.csv', FEODO);
      const refused = await requestImport(client, mine);
      expect(refused.error?.message).toBe(
        'Only administrators with a verified second factor can import files',
      );
    }
  });

  it("refuses another admin's file, an unknown source, a bad format, and a fourth waiting import", async () => {
    const other = await signedInAdmin(db, { mfa: true });
    expect((await upload(admin, other.id, 'intrusion.csv', FEODO)).error).not.toBeNull();
    const theirs = await upload(other.client, other.id, 'theirs.csv', FEODO);
    expect(theirs.error).toBeNull();
    expect((await requestImport(admin, theirs.object)).error?.message).toBe(
      'That file is not among your intelligence uploads; upload it again',
    );
    const mine = await uploaded('mine.csv', FEODO);
    const unknown = await requestImport(admin, mine, undefined, '00000000-0000-4000-8000-000000000000');
    expect(unknown.error?.message).toBe('No such source');
    expect((await requestImport(admin, mine, 'Not A Format')).error?.message).toMatch(/lower-case letters/);

    await db.query(`delete from public.import_runs where status = 'queued'`);
    const objects = await Promise.all(['a', 'b', 'c', 'd'].map((n) => uploaded(`${n}.csv`, FEODO)));
    const answers = [];
    for (const object of objects) answers.push(await requestImport(admin, object));
    expect(answers.map((answer) => answer.error?.message ?? 'queued')).toEqual([
      'queued',
      'queued',
      'queued',
      'You already have 3 file imports waiting; import more when one has finished',
    ]);
  });
});
