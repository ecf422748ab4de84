/**
 * Limits and hostile input: per-bucket size and MIME limits (checked while the body streams),
 * names that try to leave their folder, and failures part-way through an upload, which must leave
 * neither a row nor bytes behind.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  filesContaining,
  rawRequest,
  serviceClient,
  serviceHeaders,
  stateFilesNamed,
  testBucket,
} from '../helpers/storage-fixtures.js';
import { stackEnv } from '../helpers/stack-env.js';

const service = serviceClient();
let small: string;
let images: string;

beforeAll(async () => {
  small = await testBucket('small', { fileSizeLimit: '1KB' });
  images = await testBucket('images', { allowedMimeTypes: ['image/*', 'application/pdf'] });
});

describe('bucket limits', () => {
  it('accepts a body at the size limit and refuses one byte more with statusCode "413"', async () => {
    const files = service.storage.from(small);
    expect((await files.upload('fits.bin', new Uint8Array(1000).buffer)).error).toBeNull();
    const { data, error } = await files.upload('too-big.bin', new Uint8Array(1001).buffer);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '413' });
    expect((await files.exists('too-big.bin')).data).toBe(false);
  });

  it('enforces the limit on a multipart body while it streams, leaving no row and no bytes', async () => {
    const marker = `big-${randomUUID()}`;
    const body = new Blob([marker.repeat(200)], { type: 'text/plain' });
    const { error } = await service.storage.from(small).upload('multi.txt', body);
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    expect((await service.storage.from(small).exists('multi.txt')).data).toBe(false);
    expect(await filesContaining(marker)).toEqual([]);
  });

  it('enforces the limit on a streamed raw body without a declared length', async () => {
    const marker = `stream-${randomUUID()}`;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 50; i++) controller.enqueue(new TextEncoder().encode(marker));
        controller.close();
      },
    });
    const { error } = await service.storage
      .from(small)
      .upload('streamed.txt', stream, { contentType: 'text/plain' });
    expect(error).toMatchObject({ statusCode: '413' });
    expect(await filesContaining(marker)).toEqual([]);
  });

  it('accepts allowed MIME types (wildcards included) and refuses others with statusCode "415"', async () => {
    const files = service.storage.from(images);
    expect((await files.upload('a.png', new Blob(['png'], { type: 'image/png' }))).error).toBeNull();
    expect((await files.upload('b.pdf', 'pdf', { contentType: 'application/pdf' })).error).toBeNull();
    const wrong = await files.upload('c.txt', 'text', { contentType: 'text/plain' });
    expect(wrong.error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type text/plain is not supported',
    });
    const wrongBlob = await files.upload('d.html', new Blob(['<p>'], { type: 'text/html' }));
    expect(wrongBlob.error).toMatchObject({ statusCode: '415' });
    expect((await files.list()).data!.map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
  });

  it('applies a changed bucket limit to the next upload', async () => {
    const bucket = await testBucket('changing');
    expect(
      (await service.storage.from(bucket).upload('one.bin', new Uint8Array(2000).buffer)).error,
    ).toBeNull();
    expect(
      (await service.storage.updateBucket(bucket, { public: false, fileSizeLimit: 1000 })).error,
    ).toBeNull();
    const { error } = await service.storage.from(bucket).upload('two.bin', new Uint8Array(2000).buffer);
    expect(error).toMatchObject({ statusCode: '413' });
  });
});

describe('object names', () => {
  let bucket: string;
  beforeAll(async () => {
    bucket = await testBucket('names');
  });

  it('refuses "../" in a name, whether resolved by fetch or escaped', async () => {
    const marker = `trav-${randomUUID()}`;
    const files = service.storage.from(bucket);
    const escaped = await files.upload(`folder/..%2F..%2F${marker}.txt`, marker);
    expect(escaped.error).toMatchObject({ status: 400, statusCode: '400' });
    const resolved = await files.upload(`../${marker}.txt`, marker);
    expect(resolved.error).toMatchObject({ status: 400 });
    expect(await filesContaining(marker)).toEqual([]);
    expect(await stateFilesNamed(marker)).toEqual([]);
  });

  it('refuses raw ".." segments, backslashes, control characters and empty segments with InvalidKey', async () => {
    const marker = `raw-${randomUUID()}`;
    const names = [
      `a/../../${marker}.txt`,
      `..%2F..%2F${marker}.txt`,
      `a/%2e%2e/${marker}.txt`,
      `a%5C..%5C${marker}.txt`,
      `a/%00${marker}.txt`,
      `a//${marker}.txt`,
      `a/./${marker}.txt`,
      `%2F${marker}.txt`,
    ];
    for (const name of names) {
      const response = await rawRequest('POST', `/storage/v1/object/${bucket}/${name}`, {
        headers: serviceHeaders({ 'content-type': 'text/plain' }),
        body: marker,
      });
      expect(response.status, name).toBe(400);
      expect(response.body, name).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
    }
    // Enough ".." to climb out of /storage/v1 altogether: the gateway finds no service for it.
    const escaped = await rawRequest('POST', `/storage/v1/object/${bucket}/a/../../../../../${marker}.txt`, {
      headers: serviceHeaders({ 'content-type': 'text/plain' }),
      body: marker,
    });
    expect(escaped.status).toBe(404);
    expect(await filesContaining(marker)).toEqual([]);
    expect(await stateFilesNamed(marker)).toEqual([]);
    expect((await service.storage.from(bucket).list()).data).toEqual([]);
  });

  it('refuses a traversal as the destination of a move or copy', async () => {
    await service.storage.from(bucket).upload('safe.txt', 'safe');
    expect((await service.storage.from(bucket).move('safe.txt', '../outside.txt')).error).toMatchObject({
      statusCode: '400',
    });
    expect((await service.storage.from(bucket).copy('safe.txt', 'a/../../outside.txt')).error).toMatchObject({
      statusCode: '400',
    });
  });
});

describe('failures part-way', () => {
  it('a client that gives up mid-upload leaves no row and no bytes', async () => {
    const bucket = await testBucket('aborts');
    const marker = `abort-${randomUUID()}`;
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode(marker.repeat(100)));
        // never closed: the client aborts instead
      },
    });
    const upload = fetch(`${stackEnv().apiUrl}/storage/v1/object/${bucket}/aborted.txt`, {
      method: 'POST',
      headers: serviceHeaders({ 'content-type': 'text/plain' }),
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expect(upload).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await filesContaining(marker)).toEqual([]);
    expect((await service.storage.from(bucket).list()).data).toEqual([]);
  });

  it('losing a race to the same name leaves no row and no bytes of the loser', async () => {
    const bucket = await testBucket('race');
    const marker = `loser-${randomUUID()}`;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode(marker));
        finish = () => stream.close();
      },
    });
    const slow = service.storage.from(bucket).upload('same.txt', body, { contentType: 'text/plain' });
    // The slow upload has passed its permission check and is streaming; another one wins the name.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await service.storage.from(bucket).upload('same.txt', 'winner')).error).toBeNull();
    finish();
    const { error } = await slow;
    expect(error).toMatchObject({ statusCode: '409' });
    expect(await filesContaining(marker)).toEqual([]);
    const { data } = await service.storage.from(bucket).download('same.txt');
    expect(await data!.text()).toBe('winner');
  });
});
