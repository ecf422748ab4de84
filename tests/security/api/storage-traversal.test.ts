/**
 * Path traversal in storage object names: every "..", encoded "..", backslash or absolute name is
 * refused with InvalidKey on upload, signed upload, copy and move, and nothing is written in the
 * suite's bucket or its sibling. The two buckets are the suite's own and are removed afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { suite } from './context.js';

const { target, runId } = suite();
const service = apiHeaders(target.serviceRoleKey);
const bucket = `security-suite-${runId}`;
const sibling = `security-suite-${runId}-sibling`;
const storage = (path: string) => `${target.apiUrl}/storage/v1/${path}`;

async function call(
  method: string,
  path: string,
  body?: unknown,
  type = 'application/json',
): Promise<HttpResponse> {
  return httpRequest(storage(path), {
    method,
    headers: { ...service, 'Content-Type': type },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

async function listAll(id: string): Promise<string[]> {
  const res = await call('POST', `object/list/${id}`, { prefix: '', limit: 1000, offset: 0 });
  return (res.json as { name: string }[]).map((o) => o.name);
}

export const TRAVERSAL_NAMES = [
  '../escape.txt',
  'a/../../escape.txt',
  `../${'x'}/escape.txt`,
  '%2e%2e/escape.txt',
  '%2E%2E%2Fescape.txt',
  'a/%2e%2e/%2e%2e/etc/passwd',
  '..%2f..%2fescape.txt',
  'a/..',
  './escape.txt',
  'a/./b.txt',
  '..\\escape.txt',
  'a\\..\\..\\escape.txt',
  '%5c..%5cescape.txt',
  'a//b.txt',
  '%00escape.txt',
  'a/%00/b.txt',
];

function expectInvalidKey(res: HttpResponse, name: string): void {
  expect(res.status, `${name}: ${res.text}`).toBe(400);
  expect(res.json, name).toMatchObject({ code: 'InvalidKey' });
}

beforeAll(async () => {
  for (const id of [bucket, sibling]) {
    const res = await call('POST', 'bucket', { id, name: id, public: false, file_size_limit: 1024 });
    expect(res.status, res.text).toBe(200);
  }
});

afterAll(async () => {
  for (const id of [bucket, sibling]) {
    await call('POST', `bucket/${id}/empty`, {});
    await call('DELETE', `bucket/${id}`, {});
  }
});

describe('API · storage path traversal', () => {
  it('a plain name is stored (control), and the bucket file size limit holds (EntityTooLarge)', async () => {
    expect((await call('POST', `object/${bucket}/reports/ok.txt`, 'fine', 'text/plain')).status).toBe(200);
    const big = await call('POST', `object/${bucket}/reports/big.txt`, 'x'.repeat(4096), 'text/plain');
    expect(big.json).toMatchObject({ statusCode: '413', error: expect.any(String) });
    expect(await listAll(bucket)).toEqual(['reports']);
  });

  for (const name of TRAVERSAL_NAMES) {
    it(`upload as "${name}" is InvalidKey`, async () => {
      expectInvalidKey(await call('POST', `object/${bucket}/${name}`, 'evil', 'text/plain'), name);
      expectInvalidKey(await call('PUT', `object/${bucket}/${name}`, 'evil', 'text/plain'), name);
    });

    it(`signed upload URL, copy and move to "${name}" are InvalidKey`, async () => {
      expectInvalidKey(await call('POST', `object/upload/sign/${bucket}/${name}`, {}), name);
      const decoded = decodeURIComponent(name.replace(/%00/g, '\u0000'));
      for (const op of ['copy', 'move']) {
        const res = await call('POST', `object/${op}`, {
          bucketId: bucket,
          sourceKey: 'reports/ok.txt',
          destinationKey: decoded,
        });
        expectInvalidKey(res, `${op} ${name}`);
      }
    });
  }

  it('nothing was written in the bucket or its sibling', async () => {
    expect(await listAll(bucket)).toEqual(['reports']);
    expect(await listAll(sibling)).toEqual([]);
    const inside = await call('POST', `object/list/${bucket}`, { prefix: 'reports/', limit: 100, offset: 0 });
    expect((inside.json as { name: string }[]).map((o) => o.name)).toEqual(['ok.txt']);
  });
});
