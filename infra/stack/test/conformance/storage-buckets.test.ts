/** Buckets through storage-js: create, get, list (with its options), update, empty, delete, and refusals. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, testBucket, uniqueBucketName } from '../helpers/storage-fixtures.js';

const service = serviceClient();

describe('buckets', () => {
  it('creates a bucket with limits and returns it from getBucket', async () => {
    const name = uniqueBucketName('bk');
    const created = await service.storage.createBucket(name, {
      public: true,
      fileSizeLimit: '2MB',
      allowedMimeTypes: ['image/png'],
    });
    expect(created).toEqual({ data: { name }, error: null });
    const { data, error } = await service.storage.getBucket(name);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: name,
      name,
      public: true,
      file_size_limit: 2_000_000,
      allowed_mime_types: ['image/png'],
    });
    expect(Date.parse(data!.created_at)).not.toBeNaN();
    await service.storage.deleteBucket(name);
  });

  it('refuses a duplicate bucket with "409", an invalid name with "400", a missing one with "404"', async () => {
    const name = await testBucket('dupe');
    expect((await service.storage.createBucket(name)).error).toMatchObject({
      status: 400,
      statusCode: '409',
    });
    expect((await service.storage.createBucket('bad/name')).error).toMatchObject({ statusCode: '400' });
    const missing = await service.storage.getBucket(`missing-${randomUUID()}`);
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('lists buckets with search, sort, limit and offset', async () => {
    const tag = randomUUID().slice(0, 6);
    const names = [`ls-${tag}-a`, `ls-${tag}-b`, `ls-${tag}-c`];
    for (const name of names) await service.storage.createBucket(name);
    try {
      const all = await service.storage.listBuckets({ search: `ls-${tag}` });
      expect(all.data!.map((b) => b.id)).toEqual(names);
      const page = await service.storage.listBuckets({
        search: `ls-${tag}`,
        sortColumn: 'name',
        sortOrder: 'desc',
        limit: 1,
        offset: 1,
      });
      expect(page.data!.map((b) => b.id)).toEqual([`ls-${tag}-b`]);
    } finally {
      for (const name of names) await service.storage.deleteBucket(name);
    }
  });

  it('updates public, file_size_limit and allowed_mime_types', async () => {
    const name = await testBucket('upd');
    const { data, error } = await service.storage.updateBucket(name, {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['text/*'],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Successfully updated' });
    expect((await service.storage.getBucket(name)).data).toMatchObject({
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['text/*'],
    });
    expect(
      (await service.storage.updateBucket(`missing-${randomUUID()}`, { public: false })).error,
    ).toMatchObject({
      statusCode: '404',
    });
  });

  it('refuses to delete a bucket that still has objects; empty then delete works', async () => {
    const name = uniqueBucketName('del');
    await service.storage.createBucket(name);
    await service.storage.from(name).upload('a/b.txt', 'x');
    expect((await service.storage.deleteBucket(name)).error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket(name)).error).toBeNull();
    expect((await service.storage.from(name).list('a')).data).toEqual([]);
    expect((await service.storage.deleteBucket(name)).data).toEqual({ message: 'Successfully deleted' });
    expect((await service.storage.getBucket(name)).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses bucket changes by anon with "403" (no policy allows them)', async () => {
    const anon = anonClient();
    const name = await testBucket('anon');
    expect((await anon.storage.createBucket(uniqueBucketName('anon'))).error).toMatchObject({
      statusCode: '403',
    });
    expect((await anon.storage.updateBucket(name, { public: true })).error).toMatchObject({
      statusCode: '404',
    });
    expect((await service.storage.getBucket(name)).data!.public).toBe(false);
  });
});
