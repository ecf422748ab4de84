/**
 * Storage answers shaped as storage-api's (issue 34, found by supabase-js's own storage-js suite):
 * a bucket's fields and UTC millisecond timestamps (getBucket without `type`, the list with it),
 * the empty-bucket message, `metadata: {}` for an object uploaded without any, and jose's
 * "Invalid Compact JWS" for a request with no credentials at all.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, testBucket } from '../helpers/storage-fixtures.js';
import { stackEnv } from '../helpers/stack-env.js';

const service = serviceClient();

describe('storage responses as storage-api writes them', () => {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  it('returns a bucket with storage-api’s fields and JavaScript-style UTC timestamps', async () => {
    const name = await testBucket('shape');
    await db.query(
      `update storage.buckets set created_at = '2021-02-17 04:43:32.770206+00', updated_at = '2021-02-17 05:43:32.77+01'
        where id = $1`,
      [name],
    );
    const { data, error } = await service.storage.getBucket(name);
    expect(error).toBeNull();
    expect(data).toEqual({
      id: name,
      name,
      owner: null,
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
      created_at: '2021-02-17T04:43:32.770Z',
      updated_at: '2021-02-17T04:43:32.770Z',
    });
    const listed = (await service.storage.listBuckets({ search: name })).data?.find((b) => b.id === name);
    expect(listed).toMatchObject({ id: name, type: 'STANDARD', created_at: '2021-02-17T04:43:32.770Z' });
    expect(listed).not.toHaveProperty('owner_id');
  });

  it('empties a bucket with storage-api’s message, and the objects are gone', async () => {
    const name = await testBucket('empty');
    await service.storage.from(name).upload('a.txt', 'a');
    const { data, error } = await service.storage.emptyBucket(name);
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
    expect((await service.storage.from(name).list()).data).toEqual([]);
  });

  it('answers info() of an object uploaded without metadata with metadata {}', async () => {
    const name = await testBucket('info');
    await service.storage.from(name).upload('plain.txt', 'plain', { contentType: 'text/plain' });
    const { data, error } = await service.storage.from(name).info('plain.txt');
    expect(error).toBeNull();
    expect(data).toMatchObject({ name: 'plain.txt', metadata: {}, contentType: 'text/plain', size: 5 });
  });

  it('refuses a request without any credentials with jose’s "Invalid Compact JWS"', async () => {
    // What storage-js's listBuckets() sends when created without headers: nothing identifying.
    const res = await fetch(`${stackEnv().apiUrl}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Invalid Compact JWS', statusCode: '403' });
  });
});
