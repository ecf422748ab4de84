/**
 * The storage API's routes (supabase/storage `src/http/routes`), matched on the raw path segments
 * below /storage/v1 so that escapes and ".." reach the key checks instead of being resolved by a
 * URL parser. Static segments win over bucket names, as in storage's own router.
 */
import { listObjectsV2 } from './handlers/object-list-v2.js';
import type { StorageCall } from './call.js';
import { errors } from './errors.js';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './handlers/buckets.js';
import {
  copyObject,
  listObjects,
  moveObject,
  removeObject,
  removeObjects,
} from './handlers/object-manage.js';
import { downloadObject, downloadPublicObject, objectInfo } from './handlers/object-read.js';
import { uploadObject } from './handlers/object-write.js';
import { renderAuthenticatedImage, renderPublicImage, renderSignedImage } from './handlers/render-image.js';
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  downloadSigned,
  uploadSigned,
} from './handlers/signed.js';
import { decodeSegment, objectKeyFromSegments } from './object-key.js';

type Target = { bucket: string; name: string };

/** "bucket/a/b.txt" segments -> bucket and validated, decoded object name. */
function target(segments: string[]): Target {
  if (segments.length < 2 || segments[0] === '') throw errors.invalidKey(segments.join('/'));
  return { bucket: decodeSegment(segments[0]!), name: objectKeyFromSegments(segments.slice(1)) };
}

/** The one id of "/bucket/{id}" style paths (a trailing slash allowed), or undefined. */
function single(segments: string[]): string | undefined {
  const rest = segments.at(-1) === '' ? segments.slice(0, -1) : segments;
  return rest.length === 1 && rest[0] !== '' ? decodeSegment(rest[0]!) : undefined;
}

async function bucketRoutes(call: StorageCall, rest: string[]): Promise<void> {
  const m = call.method;
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) {
    if (m === 'GET') return listBuckets(call);
    if (m === 'POST') return createBucket(call);
    throw errors.notFound();
  }
  if (rest.length === 2 && rest[1] === 'empty' && m === 'POST')
    return emptyBucket(call, decodeSegment(rest[0]!));
  const id = single(rest);
  if (id === undefined) throw errors.notFound();
  if (m === 'GET') return getBucket(call, id);
  if (m === 'PUT') return updateBucket(call, id);
  if (m === 'DELETE') return deleteBucket(call, id);
  throw errors.notFound();
}

async function objectRoutes(call: StorageCall, rest: string[]): Promise<void> {
  const m = call.method;
  const read = m === 'GET' || m === 'HEAD';
  const [first, ...tail] = rest;
  switch (first) {
    case 'list':
      if (m === 'POST' && single(tail) !== undefined) return listObjects(call, single(tail)!);
      break;
    case 'list-v2':
      if (m === 'POST' && single(tail) !== undefined) return listObjectsV2(call, single(tail)!);
      break;
    case 'move':
      if (m === 'POST' && tail.length === 0) return moveObject(call);
      break;
    case 'copy':
      if (m === 'POST' && tail.length === 0) return copyObject(call);
      break;
    case 'sign': {
      if (m === 'POST' && single(tail) !== undefined) return createSignedUrls(call, single(tail)!);
      const t = target(tail);
      if (m === 'POST') return createSignedUrl(call, t.bucket, t.name);
      if (read) return downloadSigned(call, t.bucket, t.name);
      break;
    }
    case 'upload':
      if (tail[0] === 'sign') {
        const t = target(tail.slice(1));
        if (m === 'POST') return createSignedUploadUrl(call, t.bucket, t.name);
        if (m === 'PUT') return uploadSigned(call, t.bucket, t.name);
      }
      break;
    case 'public': {
      const t = target(tail);
      if (read) return downloadPublicObject(call, t.bucket, t.name);
      break;
    }
    case 'authenticated': {
      const t = target(tail);
      if (m === 'GET') return downloadObject(call, t.bucket, t.name);
      if (m === 'HEAD') return objectInfo(call, t.bucket, t.name, { headOnly: true, publicOnly: false });
      break;
    }
    case 'info': {
      if (m !== 'GET') break;
      const scope = tail[0];
      const publicOnly = scope === 'public';
      const t = target(scope === 'public' || scope === 'authenticated' ? tail.slice(1) : tail);
      return objectInfo(call, t.bucket, t.name, { headOnly: false, publicOnly });
    }
    default: {
      if (first === undefined) break;
      if (m === 'DELETE' && single(rest) !== undefined) return removeObjects(call, single(rest)!);
      const t = target(rest);
      if (m === 'POST') return uploadObject(call, t.bucket, t.name, 'upload');
      if (m === 'PUT') return uploadObject(call, t.bucket, t.name, 'update');
      if (m === 'GET') return downloadObject(call, t.bucket, t.name);
      if (m === 'HEAD') return objectInfo(call, t.bucket, t.name, { headOnly: true, publicOnly: false });
      if (m === 'DELETE') return removeObject(call, t.bucket, t.name);
    }
  }
  throw errors.notFound();
}

/** GET /render/image/{public|authenticated|sign}/{bucket}/{name} */
async function renderRoutes(call: StorageCall, rest: string[]): Promise<void> {
  const [kind, scope, ...tail] = rest;
  if (kind !== 'image' || call.method !== 'GET') throw errors.notFound();
  if (scope === 'public') return renderPublicImage(call, ...at(target(tail)));
  if (scope === 'authenticated') return renderAuthenticatedImage(call, ...at(target(tail)));
  if (scope === 'sign') return renderSignedImage(call, ...at(target(tail)));
  throw errors.notFound();
}

const at = (t: Target): [string, string] => [t.bucket, t.name];

export async function dispatch(call: StorageCall): Promise<void> {
  const [first, ...rest] = call.segments;
  if (first === 'bucket') return bucketRoutes(call, rest);
  if (first === 'object') return objectRoutes(call, rest);
  if (first === 'render') return renderRoutes(call, rest);
  throw errors.notFound();
}
