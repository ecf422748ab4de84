/**
 * POST /object/list-v2/{bucket} (storage-api's listObjectsV2, which storage-js's `listV2` calls):
 * S3-style listing of the names starting with `prefix` (taken as typed, not as a folder). Without
 * `with_delimiter` every object below is listed; with it, the objects directly under and one
 * folder per common prefix up to the next "/" ({key, name}: without and with the slash). Sorted by
 * `sortBy` (name, created_at or updated_at; name breaks ties), at most `limit` (1000) entries a
 * page; `hasNext` and an opaque `nextCursor` to pass back. Rows are read as the caller, so
 * policies on storage.objects decide what is listed.
 */
import { asCaller, callerOf, jsonBody, sendJsonText, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import { likeEscape, lit } from '../sql.js';

const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at']);
const MAX_LIMIT = 1000;

interface ListV2Options {
  prefix: string;
  delimited: boolean;
  limit: number;
  offset: number;
  column: string;
  order: 'asc' | 'desc';
}

/** The cursor is the position of the next page, opaque to the client. */
function readCursor(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0;
  const offset = typeof value === 'string' ? Number(Buffer.from(value, 'base64url').toString('utf8')) : NaN;
  if (!Number.isInteger(offset) || offset < 0) throw errors.invalidParameter('cursor');
  return offset;
}

export function listV2Options(body: Record<string, unknown>): ListV2Options {
  const prefix = body.prefix ?? '';
  if (typeof prefix !== 'string') throw errors.invalidParameter('prefix');
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== 'object' || sortBy === null) throw errors.invalidParameter('sortBy');
  const column = sortBy.column ?? 'name';
  if (typeof column !== 'string' || !SORT_COLUMNS.has(column)) throw errors.invalidParameter('sortBy.column');
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  const limit = body.limit ?? MAX_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
    throw errors.invalidParameter('limit');
  return {
    prefix: prefix.replace(/^\/+/, ''),
    delimited: body.with_delimiter === true,
    limit: Math.min(limit, MAX_LIMIT),
    offset: readCursor(body.cursor),
    column,
    order,
  };
}

export function listV2Sql(bucket: string, o: ListV2Options): string {
  const p = lit(o.prefix);
  const folderName = `${p} || split_part(substr(s.name, ${o.prefix.length + 1}), '/', 1) || '/'`;
  const nested = `strpos(substr(s.name, ${o.prefix.length + 1}), '/') > 0`;
  const entries = o.delimited
    ? `select ${folderName} as name, true as folder, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
         from scoped s where ${nested} group by 1
       union all
       select s.name, false, s.id, s.updated_at, s.created_at, s.last_accessed_at, s.metadata
         from scoped s where not ${nested}`
    : `select s.name, false as folder, s.id, s.updated_at, s.created_at, s.last_accessed_at, s.metadata from scoped s`;
  const byName = `e.name collate "C" ${o.order}`;
  const order = o.column === 'name' ? byName : `e.${o.column} ${o.order} nulls last, ${byName}`;
  return `with scoped as (
      select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata from storage.objects o
       where o.bucket_id = ${lit(bucket)} and o.name like ${lit(`${likeEscape(o.prefix)}%`)}
    ), entries as (${entries}
    ), page as (
      select e.*, row_number() over (order by ${order}) as ord from entries e
       order by ${order} limit ${o.limit + 1} offset ${o.offset}
    )
    select json_build_object(
      'more', count(*) > ${o.limit},
      'folders', coalesce(json_agg(json_build_object('key', rtrim(p.name, '/'), 'name', p.name) order by p.ord)
                   filter (where p.folder and p.ord <= ${o.offset + o.limit}), '[]'),
      'objects', coalesce(json_agg(json_build_object('id', p.id, 'key', p.name, 'name', p.name,
                   'updated_at', p.updated_at, 'created_at', p.created_at, 'last_accessed_at', p.last_accessed_at,
                   'metadata', p.metadata) order by p.ord)
                   filter (where not p.folder and p.ord <= ${o.offset + o.limit}), '[]'))::text as body
      from page p`;
}

export async function listObjectsV2(call: StorageCall, bucket: string): Promise<void> {
  const options = listV2Options(await jsonBody(call));
  const caller = await callerOf(call);
  const [result] = await asCaller(call, caller, 'storage.object.list', [listV2Sql(bucket, options)], {
    readOnly: true,
  });
  const { more, folders, objects } = JSON.parse(result!.rows[0].body as string) as {
    more: boolean;
    folders: unknown[];
    objects: unknown[];
  };
  const next = Buffer.from(String(options.offset + options.limit)).toString('base64url');
  sendJsonText(
    call.res,
    JSON.stringify({ hasNext: more, ...(more ? { nextCursor: next } : {}), folders, objects }),
  );
}
