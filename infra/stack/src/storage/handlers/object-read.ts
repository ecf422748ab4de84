/**
 * Reading objects: downloads (as the caller, public, or with a signed token), HEAD (what
 * `exists()` sends) and `info`. Bytes are streamed from disk with the headers storage sends:
 * Content-Type, Content-Length, ETag, Last-Modified, Cache-Control, Accept-Ranges.
 */
import { pipeline } from 'node:stream/promises';
import type { RequestIdentity } from '../../kernel/request-identity.js';
import { asCaller, asService, callerOf, sendJsonText, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import { parseRange } from '../range.js';
import { lit, objectInfoJson } from '../sql.js';
import { findBucket } from './object-write.js';

export interface StoredObject {
  version: string | null;
  metadata: Record<string, unknown> | null;
  updated_at: Date;
}

const STORED_COLUMNS = 'o.version, o.metadata, o.updated_at';

function selectObject(bucket: string, name: string, columns: string): string {
  return `select ${columns} from storage.objects o where o.bucket_id = ${lit(bucket)} and o.name = ${lit(name)}`;
}

/** NoSuchKey, or NoSuchBucket when the bucket itself is missing (checked only on a miss). */
async function missing(call: StorageCall, bucket: string): Promise<never> {
  throw (await findBucket(call, bucket)) ? errors.noSuchKey() : errors.noSuchBucket();
}

/** The object as the caller may see it (RLS), or the matching not-found error. */
export async function readAsCaller(
  call: StorageCall,
  caller: RequestIdentity,
  bucket: string,
  name: string,
  operation: string,
  columns = STORED_COLUMNS,
): Promise<Record<string, unknown>> {
  const [result] = await asCaller(call, caller, operation, [selectObject(bucket, name, columns)], {
    readOnly: true,
  });
  return (result!.rows[0] as Record<string, unknown> | undefined) ?? missing(call, bucket);
}

/** The object read as storage itself (public buckets, signed URLs), or the matching not-found error. */
export async function readAsService(
  call: StorageCall,
  bucket: string,
  name: string,
  operation: string,
  columns = STORED_COLUMNS,
): Promise<Record<string, unknown>> {
  const [result] = await asService(call, operation, [selectObject(bucket, name, columns)], {
    readOnly: true,
  });
  return (result!.rows[0] as Record<string, unknown> | undefined) ?? missing(call, bucket);
}

function contentType(metadata: Record<string, unknown> | null): string {
  const type = typeof metadata?.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream';
  // As storage does: never let a stored file render as HTML on the API's origin.
  return type.toLowerCase().includes('text/html') ? 'text/plain' : type;
}

function contentDisposition(download: string | null): Record<string, string> {
  if (download === null) return {};
  if (download === '') return { 'Content-Disposition': 'attachment;' };
  const name = encodeURIComponent(download);
  return { 'Content-Disposition': `attachment; filename=${name}; filename*=UTF-8''${name};` };
}

/** Streams one stored object (or only its headers). */
export async function sendObject(
  call: StorageCall,
  object: StoredObject,
  options: { headOnly: boolean; download?: string | null },
): Promise<void> {
  const size = await call.store.sizeOf(object.version);
  if (size === undefined || !object.version) throw errors.noSuchKey();
  const metadata = object.metadata ?? {};
  const eTag = typeof metadata.eTag === 'string' ? metadata.eTag : undefined;
  const lastModified =
    typeof metadata.lastModified === 'string' ? new Date(metadata.lastModified) : object.updated_at;
  const headers: Record<string, string | number> = {
    'Content-Type': contentType(metadata),
    'Cache-Control': typeof metadata.cacheControl === 'string' ? metadata.cacheControl : 'no-cache',
    'Last-Modified': (Number.isNaN(lastModified.getTime()) ? object.updated_at : lastModified).toUTCString(),
    'Accept-Ranges': 'bytes',
    ...(eTag ? { ETag: eTag } : {}),
    ...contentDisposition(options.download ?? null),
  };
  const ifNoneMatch = call.req.headers['if-none-match'];
  if (eTag && ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === eTag)) {
    call.res.writeHead(304, headers);
    call.res.end();
    return;
  }
  const range = parseRange(call.req.headers.range, size);
  if (range === null) throw errors.invalidRange();
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['Content-Length'] = range ? range.end - range.start + 1 : size;
  const stream = options.headOnly ? undefined : call.store.open(object.version, range);
  if (stream) {
    // Open the file before the headers go out, so a vanished file is still a clean 404.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', () => reject(errors.noSuchKey()));
    });
  }
  call.res.writeHead(range ? 206 : 200, headers);
  if (!stream) {
    call.res.end();
    return;
  }
  await pipeline(stream, call.res).catch(() => {
    // The client went away mid-download; nothing to answer.
    stream.destroy();
  });
}

function asStored(row: Record<string, unknown>): StoredObject {
  return row as unknown as StoredObject;
}

/** GET /object/{bucket}/{name} and /object/authenticated/...: policies decide. */
export async function downloadObject(call: StorageCall, bucket: string, name: string): Promise<void> {
  const caller = await callerOf(call);
  const row = await readAsCaller(call, caller, bucket, name, 'storage.object.get_authenticated');
  await sendObject(call, asStored(row), {
    headOnly: call.method === 'HEAD',
    download: call.query.get('download'),
  });
}

/** GET|HEAD /object/public/{bucket}/{name}: no auth, the bucket must be public. */
export async function downloadPublicObject(call: StorageCall, bucket: string, name: string): Promise<void> {
  const found = await findBucket(call, bucket);
  if (!found?.public) throw errors.noSuchBucket();
  const row = await readAsService(call, bucket, name, 'storage.object.get_public');
  await sendObject(call, asStored(row), {
    headOnly: call.method === 'HEAD',
    download: call.query.get('download'),
  });
}

/**
 * HEAD /object/{bucket}/{name} (exists) and GET /object/info/...: objects of a public bucket are
 * read as storage itself; otherwise policies decide. `publicOnly` is the /info/public route.
 */
export async function objectInfo(
  call: StorageCall,
  bucket: string,
  name: string,
  options: { headOnly: boolean; publicOnly: boolean },
): Promise<void> {
  const found = await findBucket(call, bucket);
  if (!found || (options.publicOnly && !found.public)) throw errors.noSuchBucket();
  const columns = `${STORED_COLUMNS}, ${objectInfoJson('o')}::text as info`;
  const operation = options.headOnly ? 'storage.object.head' : 'storage.object.info';
  const row = found.public
    ? await readAsService(call, bucket, name, operation, columns)
    : await readAsCaller(call, await callerOf(call), bucket, name, operation, columns);
  if (options.headOnly) {
    await sendObject(call, asStored(row), { headOnly: true });
    return;
  }
  sendJsonText(call.res, row.info as string);
}
