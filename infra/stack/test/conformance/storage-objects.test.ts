/** Objects through storage-js with the service-role key: upload kinds, upsert, download, list, move, copy, remove. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  downloadText,
  filesContaining,
  rawRequest,
  serviceClient,
  serviceHeaders,
  testBucket,
} from '../helpers/storage-fixtures.js';

const service = serviceClient();
let bucket: string;

beforeAll(async () => {
  bucket = await testBucket('objects');
});

const files = () => service.storage.from(bucket);

describe('upload and download', () => {
  it('stores a Blob (multipart) and returns id, path and fullPath', async () => {
    const { data, error } = await files().upload(
      'blob/hello.txt',
      new Blob(['hello blob'], { type: 'text/plain' }),
    );
    expect(error).toBeNull();
    expect(data!.path).toBe('blob/hello.txt');
    expect(data!.fullPath).toBe(`${bucket}/blob/hello.txt`);
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await downloadText(service, bucket, 'blob/hello.txt')).toBe('hello blob');
  });

  it('stores an ArrayBuffer (raw body) with its content type', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252]);
    const { error } = await files().upload('raw/bytes.bin', bytes.buffer, {
      contentType: 'application/x-test',
    });
    expect(error).toBeNull();
    const { data } = await files().download('raw/bytes.bin');
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(bytes);
    expect(data!.type).toBe('application/x-test');
  });

  it('stores a string with the default text content type', async () => {
    const { error } = await files().upload('raw/text.txt', 'plain string');
    expect(error).toBeNull();
    const { data } = await files().info('raw/text.txt');
    expect(data!.contentType).toBe('text/plain;charset=UTF-8');
    expect(data!.size).toBe('plain string'.length);
    expect(await downloadText(service, bucket, 'raw/text.txt')).toBe('plain string');
  });

  it('refuses a duplicate without upsert with statusCode "409"', async () => {
    await files().upload('dup/one.txt', 'first');
    const { data, error } = await files().upload('dup/one.txt', 'second');
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(await downloadText(service, bucket, 'dup/one.txt')).toBe('first');
  });

  it('replaces with upsert, keeping the id and dropping the old bytes', async () => {
    const marker = `old-${randomUUID()}`;
    const first = await files().upload('up/file.txt', marker);
    const second = await files().upload('up/file.txt', 'new content', { upsert: true });
    expect(second.error).toBeNull();
    expect(second.data!.id).toBe(first.data!.id);
    expect(await downloadText(service, bucket, 'up/file.txt')).toBe('new content');
    expect(await filesContaining(marker)).toEqual([]);
  });

  it('update() replaces the content', async () => {
    await files().upload('upd/file.txt', 'before');
    const { error } = await files().update('upd/file.txt', new Blob(['after'], { type: 'text/markdown' }));
    expect(error).toBeNull();
    const { data } = await files().download('upd/file.txt');
    expect(await data!.text()).toBe('after');
    expect(data!.type).toBe('text/markdown');
  });

  it('keeps user metadata from a multipart and from a raw upload', async () => {
    await files().upload('meta/a.txt', new Blob(['a']), { metadata: { source: 'blob', n: 1 } });
    await files().upload('meta/b.txt', 'b', { metadata: { source: 'raw' } });
    expect((await files().info('meta/a.txt')).data!.metadata).toEqual({ source: 'blob', n: 1 });
    expect((await files().info('meta/b.txt')).data!.metadata).toEqual({ source: 'raw' });
  });

  it('sends Content-Type, Content-Length, Cache-Control, ETag and Last-Modified, and honours Range', async () => {
    await files().upload('headers/h.txt', '0123456789', { cacheControl: '120' });
    const path = `/storage/v1/object/${bucket}/headers/h.txt`;
    const full = await rawRequest('GET', path, { headers: serviceHeaders() });
    expect(full.status).toBe(200);
    expect(full.text).toBe('0123456789');
    expect(full.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(full.headers['content-length']).toBe('10');
    expect(full.headers['cache-control']).toBe('max-age=120');
    expect(full.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(new Date(full.headers['last-modified']!).getTime()).toBeGreaterThan(Date.now() - 120_000);
    const part = await rawRequest('GET', path, { headers: serviceHeaders({ range: 'bytes=2-4' }) });
    expect(part.status).toBe(206);
    expect(part.text).toBe('234');
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    const cached = await rawRequest('GET', path, {
      headers: serviceHeaders({ 'if-none-match': full.headers.etag! }),
    });
    expect(cached.status).toBe(304);
  });

  it('decodes percent-escapes and keeps spaces and unicode in names', async () => {
    const { error } = await files().upload('names/a file é.txt', 'spaced');
    expect(error).toBeNull();
    const { data } = await files().list('names');
    expect(data!.map((f) => f.name)).toContain('a file é.txt');
    expect(await downloadText(service, bucket, 'names/a file é.txt')).toBe('spaced');
  });
});

describe('info and exists', () => {
  it('info() returns the object in camel case', async () => {
    await files().upload('info/x.json', '{"a":1}', { contentType: 'application/json', cacheControl: '60' });
    const { data, error } = await files().info('info/x.json');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      name: 'info/x.json',
      bucketId: bucket,
      size: 7,
      contentType: 'application/json',
      cacheControl: 'max-age=60',
    });
    expect(data!.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('exists() is true for a stored object and false for a missing one', async () => {
    await files().upload('info/present.txt', 'here');
    expect((await files().exists('info/present.txt')).data).toBe(true);
    expect((await files().exists('info/absent.txt')).data).toBe(false);
  });

  it('a missing object is 400 with statusCode "404" NoSuchKey; a missing bucket NoSuchBucket', async () => {
    const missing = await rawRequest('GET', `/storage/v1/object/info/${bucket}/nope.txt`, {
      headers: serviceHeaders(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const { error } = await service.storage.from(`no-such-${randomUUID()}`).download('x.txt');
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const name of [
      'tree/a.txt',
      'tree/b.txt',
      'tree/sub/c.txt',
      'tree/sub/deep/d.txt',
      'tree/other/e.txt',
    ]) {
      const { error } = await files().upload(name, name);
      if (error) throw error;
    }
  });

  it('lists one level with folders as entries with id null', async () => {
    const { data, error } = await files().list('tree');
    expect(error).toBeNull();
    expect(data!.map((f) => f.name)).toEqual(['a.txt', 'b.txt', 'other', 'sub']);
    const folder = data!.find((f) => f.name === 'sub')!;
    expect(folder).toMatchObject({ id: null, metadata: null, created_at: null });
    const file = data!.find((f) => f.name === 'a.txt')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({ size: 10, mimetype: 'text/plain;charset=UTF-8' });
  });

  it('lists a nested folder, with limit, offset, order and search', async () => {
    expect((await files().list('tree/sub')).data!.map((f) => f.name)).toEqual(['c.txt', 'deep']);
    const page = await files().list('tree', {
      limit: 2,
      offset: 1,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(page.data!.map((f) => f.name)).toEqual(['other', 'b.txt']);
    expect((await files().list('tree', { search: 'B' })).data!.map((f) => f.name)).toEqual(['b.txt']);
  });

  it('an empty or unknown folder lists nothing', async () => {
    expect((await files().list('tree/nothing-here')).data).toEqual([]);
  });
});

describe('move, copy and remove', () => {
  it('moves an object: the old name is gone, the new one has the bytes', async () => {
    await files().upload('mv/from.txt', 'moving');
    const { data, error } = await files().move('mv/from.txt', 'mv/to/dest.txt');
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Successfully moved' });
    expect((await files().exists('mv/from.txt')).data).toBe(false);
    expect(await downloadText(service, bucket, 'mv/to/dest.txt')).toBe('moving');
  });

  it('refuses a move onto an existing name with "409" and a missing source with "404"', async () => {
    await files().upload('mv/a.txt', 'a');
    await files().upload('mv/b.txt', 'b');
    expect((await files().move('mv/a.txt', 'mv/b.txt')).error).toMatchObject({ statusCode: '409' });
    expect((await files().move('mv/none.txt', 'mv/c.txt')).error).toMatchObject({ statusCode: '404' });
  });

  it('copies an object into a second, independent object', async () => {
    await files().upload('cp/src.txt', 'copied');
    const { data, error } = await files().copy('cp/src.txt', 'cp/dst.txt');
    expect(error).toBeNull();
    expect(data).toEqual({ path: `${bucket}/cp/dst.txt` });
    await files().remove(['cp/src.txt']);
    expect(await downloadText(service, bucket, 'cp/dst.txt')).toBe('copied');
  });

  it('remove() returns the deleted rows and drops their bytes', async () => {
    const marker = `rm-${randomUUID()}`;
    await files().upload('rm/one.txt', marker);
    await files().upload('rm/two.txt', 'two');
    const { data, error } = await files().remove(['rm/one.txt', 'rm/two.txt', 'rm/never.txt']);
    expect(error).toBeNull();
    expect(data!.map((row) => row.name).sort()).toEqual(['rm/one.txt', 'rm/two.txt']);
    expect(data![0]).toMatchObject({ bucket_id: bucket });
    expect((await files().download('rm/one.txt')).error).toMatchObject({ statusCode: '404' });
    expect(await filesContaining(marker)).toEqual([]);
  });
});
