/**
 * The upload-quota hook (src/storage/upload-allowance.ts): a project that defines
 * public.storage_upload_allowance(bucket, name) has an upload past its answer refused with the
 * reason before anything is stored, whether the length is declared, streamed in a multipart body
 * or refused by the database when the row is written; without the function nothing changes.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesContaining, serviceClient, testBucket } from '../helpers/storage-fixtures.js';
import { stackEnv } from '../helpers/stack-env.js';

const service = serviceClient();
const admin = new pg.Pool({ connectionString: stackEnv().dbUrl, max: 1 });
const REASON = 'This test bucket may hold 100 bytes';
let bucket: string;

beforeAll(async () => {
  bucket = await testBucket('quota');
  await admin.query(`
    create or replace function public.storage_upload_allowance(_bucket_id text, _name text)
    returns table (bytes bigint, reason text) language sql stable set search_path = '' as $$
      select case when _bucket_id = '${bucket}' then 100::bigint end, '${REASON}'::text
    $$`);
});

afterAll(async () => {
  await admin.query('drop function if exists public.storage_upload_allowance(text, text)');
  await admin.end();
});

describe('upload quotas', () => {
  it('stores an upload within the allowance', async () => {
    expect(
      (await service.storage.from(bucket).upload('fits.bin', new Uint8Array(100).buffer)).error,
    ).toBeNull();
  });

  it('refuses a declared length past it with statusCode "413" and the reason, storing nothing', async () => {
    const marker = `declared-${randomUUID()}`;
    const { error } = await service.storage
      .from(bucket)
      .upload('declared.txt', marker.repeat(10), { contentType: 'text/plain' });
    expect(error).toMatchObject({ statusCode: '413', message: REASON });
    expect((await service.storage.from(bucket).exists('declared.txt')).data).toBe(false);
    expect(await filesContaining(marker)).toEqual([]);
  });

  it('cuts off a multipart body where the allowance ends, with the reason', async () => {
    const marker = `multi-${randomUUID()}`;
    const { error } = await service.storage
      .from(bucket)
      .upload('multi.txt', new Blob([marker.repeat(10)], { type: 'text/plain' }));
    expect(error).toMatchObject({ statusCode: '413', message: REASON });
    expect(await filesContaining(marker)).toEqual([]);
  });

  it('leaves other buckets, and projects without the function, unlimited', async () => {
    const other = await testBucket('unlimited');
    expect(
      (await service.storage.from(other).upload('big.bin', new Uint8Array(5000).buffer)).error,
    ).toBeNull();
  });
});
