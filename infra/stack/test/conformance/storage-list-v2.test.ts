/**
 * storage-js's listV2 (POST /object/list-v2, issue 34): every object under a prefix, or one level
 * with folders when `with_delimiter` is set, in pages with `hasNext` and `nextCursor`, sorted by
 * name or date; read as the caller, so policies decide what is listed.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, testBucket } from '../helpers/storage-fixtures.js';

const service = serviceClient();

describe('listV2', () => {
  it('lists every object under a prefix, or one level with folders', async () => {
    const bucket = await testBucket('listv2');
    for (const name of ['docs/a.txt', 'docs/b.txt', 'docs/deep/c.txt', 'top.txt'])
      expect((await service.storage.from(bucket).upload(name, name)).error).toBeNull();
    const all = await service.storage.from(bucket).listV2({ prefix: 'docs' });
    expect(all.error).toBeNull();
    expect(all.data).toMatchObject({ hasNext: false, folders: [] });
    expect(all.data!.objects.map((o) => o.name)).toEqual(['docs/a.txt', 'docs/b.txt', 'docs/deep/c.txt']);
    const top = await service.storage.from(bucket).listV2({ with_delimiter: true });
    expect(top.data).toMatchObject({
      hasNext: false,
      folders: [{ key: 'docs', name: 'docs/' }],
      objects: [expect.objectContaining({ name: 'top.txt', id: expect.any(String) })],
    });
    const level = await service.storage.from(bucket).listV2({ prefix: 'docs/', with_delimiter: true });
    expect(level.data!.folders).toEqual([{ key: 'docs/deep', name: 'docs/deep/' }]);
    expect(level.data!.objects.map((o) => o.name)).toEqual(['docs/a.txt', 'docs/b.txt']);
  });

  it('pages with a cursor in name and date order, and lists nothing the caller may not read', async () => {
    const bucket = await testBucket('listv2-pages');
    const names = ['p/zz', 'p/bb', 'p/xx', 'p/aa', 'p/yy'];
    for (const name of names) await service.storage.from(bucket).upload(name, name);
    const pages = async (sortBy?: { column: 'name' | 'created_at'; order: 'asc' | 'desc' }) => {
      const seen: string[][] = [];
      let cursor: string | undefined;
      for (;;) {
        const { data, error } = await service.storage
          .from(bucket)
          .listV2({ prefix: 'p/', limit: 2, ...(cursor ? { cursor } : {}), ...(sortBy ? { sortBy } : {}) });
        expect(error).toBeNull();
        seen.push(data!.objects.map((o) => o.name));
        if (!data!.hasNext) return seen;
        cursor = data!.nextCursor;
      }
    };
    expect(await pages()).toEqual([['p/aa', 'p/bb'], ['p/xx', 'p/yy'], ['p/zz']]);
    expect((await pages({ column: 'name', order: 'desc' })).flat()).toEqual([...names].sort().reverse());
    expect((await pages({ column: 'created_at', order: 'asc' })).flat()).toEqual(names);
    const anon = await anonClient().storage.from(bucket).listV2({ prefix: 'p/' });
    expect(anon.data?.objects ?? []).toEqual([]);
  });
});
