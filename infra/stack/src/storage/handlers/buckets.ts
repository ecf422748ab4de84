/**
 * `/bucket`: list, get, create, update, empty and delete, each run as the caller so policies on
 * storage.buckets decide (service_role bypasses them, which is how buckets are usually managed).
 */
import { sendJson } from '../../kernel/http.js';
import { asCaller, callerOf, jsonBody, ownerOf, sendJsonText, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import { FileSizeError, parseFileSize } from '../../config/file-size.js';
import { isMimeTypeShape } from '../mime.js';
import { validateBucketName } from '../object-key.js';
import { bucketJson, likeEscape, lit, textArray } from '../sql.js';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);
const BUCKET_TYPES = new Set(['STANDARD', 'ANALYTICS', 'VECTOR']);

function nonNegativeInt(value: string | null, name: string, fallback: number | null): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw errors.invalidParameter(name);
  return Number(value);
}

export async function listBuckets(call: StorageCall): Promise<void> {
  const caller = await callerOf(call);
  const q = call.query;
  const limit = nonNegativeInt(q.get('limit'), 'limit', null);
  const offset = nonNegativeInt(q.get('offset'), 'offset', 0)!;
  const sortColumn = q.get('sortColumn') ?? 'name';
  if (!SORT_COLUMNS.has(sortColumn)) throw errors.invalidParameter('sortColumn');
  const sortOrder = (q.get('sortOrder') ?? 'asc').toLowerCase();
  if (sortOrder !== 'asc' && sortOrder !== 'desc') throw errors.invalidParameter('sortOrder');
  const search = q.get('search');
  const where = search ? `where b.name ilike ${lit(`%${likeEscape(search)}%`)}` : '';
  const order = `b.${sortColumn} ${sortOrder}, b.id collate "C" ${sortOrder}`;
  const [result] = await asCaller(
    call,
    caller,
    'storage.bucket.list',
    [
      `select coalesce(json_agg(${bucketJson('b', { withType: true })} order by b.ord), '[]')::text as body
         from (select b.*, row_number() over (order by ${order}) as ord
                 from storage.buckets b ${where}
                order by ${order} ${limit === null ? '' : `limit ${limit}`} offset ${offset}) b`,
    ],
    { readOnly: true },
  );
  sendJsonText(call.res, result!.rows[0].body as string);
}

export async function getBucket(call: StorageCall, id: string): Promise<void> {
  const caller = await callerOf(call);
  const [result] = await asCaller(
    call,
    caller,
    'storage.bucket.get',
    [
      `select ${bucketJson('b', { withType: false })}::text as body from storage.buckets b where b.id = ${lit(id)}`,
    ],
    { readOnly: true },
  );
  if (result!.rowCount === 0) throw errors.noSuchBucket();
  sendJsonText(call.res, result!.rows[0].body as string);
}

function fileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || value === 0) return null;
  try {
    return parseFileSize(value);
  } catch (error) {
    if (error instanceof FileSizeError) throw errors.invalidRequest(error.message);
    throw error;
  }
}

function mimeTypes(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !isMimeTypeShape(v))) {
    throw errors.invalidParameter('allowed_mime_types', 'a list of types such as "image/png" or "image/*"');
  }
  return value.length === 0 ? null : (value as string[]);
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw errors.invalidParameter(name, 'must be true or false');
  return value;
}

export async function createBucket(call: StorageCall): Promise<void> {
  const body = await jsonBody(call);
  const name = validateBucketName(body.name ?? body.id);
  const id = body.id === undefined || body.id === null ? name : validateBucketName(body.id);
  const isPublic = optionalBoolean(body.public, 'public') ?? false;
  const type = body.type ?? 'STANDARD';
  if (typeof type !== 'string' || !BUCKET_TYPES.has(type)) throw errors.invalidParameter('type');
  const caller = await callerOf(call);
  const { owner, ownerId } = ownerOf(caller);
  const limit = fileSizeLimit(body.file_size_limit);
  const allowed = mimeTypes(body.allowed_mime_types);
  await asCaller(call, caller, 'storage.bucket.create', [
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
     values (${lit(id)}, ${lit(name)}, ${lit(owner)}, ${lit(ownerId)}, ${isPublic}, ${limit ?? 'null'},
             ${allowed ? textArray(allowed) : 'null'}, ${lit(type)}::storage.buckettype)`,
  ]);
  sendJson(call.res, 200, { name: id });
}

export async function updateBucket(call: StorageCall, id: string): Promise<void> {
  const body = await jsonBody(call);
  const sets = ['updated_at = now()'];
  const isPublic = optionalBoolean(body.public, 'public');
  if (isPublic !== undefined) sets.push(`public = ${isPublic}`);
  if ('file_size_limit' in body)
    sets.push(`file_size_limit = ${fileSizeLimit(body.file_size_limit) ?? 'null'}`);
  if ('allowed_mime_types' in body) {
    const allowed = mimeTypes(body.allowed_mime_types);
    sets.push(`allowed_mime_types = ${allowed ? textArray(allowed) : 'null'}`);
  }
  const caller = await callerOf(call);
  const [result] = await asCaller(call, caller, 'storage.bucket.update', [
    `update storage.buckets set ${sets.join(', ')} where id = ${lit(id)} returning id`,
  ]);
  if (result!.rowCount === 0) throw errors.noSuchBucket();
  sendJson(call.res, 200, { message: 'Successfully updated' });
}

export async function emptyBucket(call: StorageCall, id: string): Promise<void> {
  const caller = await callerOf(call);
  const [bucket, deleted] = await asCaller(call, caller, 'storage.bucket.empty', [
    `select 1 from storage.buckets where id = ${lit(id)}`,
    `delete from storage.objects
      where bucket_id = ${lit(id)} and exists (select 1 from storage.buckets where id = ${lit(id)})
      returning version`,
  ]);
  if (bucket!.rowCount === 0) throw errors.noSuchBucket();
  await call.store.remove(deleted!.rows.map((row: { version: string | null }) => row.version));
  // storage-api's words (it queues the deletion); here the objects are already gone.
  sendJson(call.res, 200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

export async function deleteBucket(call: StorageCall, id: string): Promise<void> {
  const caller = await callerOf(call);
  let rowCount: number | null;
  try {
    const [result] = await asCaller(call, caller, 'storage.bucket.delete', [
      `delete from storage.buckets where id = ${lit(id)} returning id`,
    ]);
    rowCount = result!.rowCount;
  } catch (error) {
    // The objects' foreign key: a bucket with objects left in it cannot go.
    if ((error as { code?: string }).code === '23503') throw errors.bucketNotEmpty();
    throw error;
  }
  if (rowCount === 0) throw errors.noSuchBucket();
  sendJson(call.res, 200, { message: 'Successfully deleted' });
}
