/**
 * list, remove, move and copy, each as the caller so policies on storage.objects decide. Removed
 * rows take their files with them once the delete has committed.
 */
import { sendJson } from '../../kernel/http.js';
import { asCaller, callerOf, jsonBody, ownerOf, sendJsonText, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import { normalizeListPrefix, validateBucketName, validateObjectKey } from '../object-key.js';
import { likeEscape, lit, objectRowJson, textArray } from '../sql.js';
import { findBucket } from './object-write.js';

const LIST_SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
const MAX_LIST_LIMIT = 10_000;
const MAX_REMOVE = 1000;

function intParam(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw errors.invalidParameter(name);
  return Math.min(n, max);
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: string;
  order: 'asc' | 'desc';
  search: string;
}

export function listOptions(body: Record<string, unknown>): ListOptions {
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== 'object' || sortBy === null) throw errors.invalidParameter('sortBy');
  const column = sortBy.column ?? 'name';
  if (typeof column !== 'string' || !LIST_SORT_COLUMNS.has(column))
    throw errors.invalidParameter('sortBy.column');
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  if (body.search !== undefined && body.search !== null && typeof body.search !== 'string') {
    throw errors.invalidParameter('search');
  }
  return {
    prefix: normalizeListPrefix(body.prefix),
    limit: intParam(body.limit, 'limit', 100, MAX_LIST_LIMIT),
    offset: intParam(body.offset, 'offset', 0, Number.MAX_SAFE_INTEGER),
    column,
    order,
    search: (body.search as string | undefined) ?? '',
  };
}

/**
 * One folder level: the objects directly under `prefix`, plus one entry per sub-folder (with id and
 * metadata null), built from the rows the caller may see.
 */
export function listSql(bucket: string, o: ListOptions): string {
  const skip = o.prefix.length;
  const search = o.search ? `where e.name ilike ${lit(`${likeEscape(o.search)}%`)}` : '';
  const nameOrder = `e.name collate "C" ${o.order}`;
  const order = o.column === 'name' ? nameOrder : `e.${o.column} ${o.order} nulls last, ${nameOrder}`;
  return `with scoped as (
      select substr(o.name, ${skip + 1}) as rest, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
        from storage.objects o
       where o.bucket_id = ${lit(bucket)} and o.name like ${lit(`${likeEscape(o.prefix)}%`)}
    ), parts as (
      select split_part(rest, '/', 1) as name, strpos(rest, '/') > 0 as folder, id, updated_at, created_at,
             last_accessed_at, metadata
        from scoped where rest <> ''
    ), entries as (
      select name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
        from parts where folder group by name
      union all
      select name, id, updated_at, created_at, last_accessed_at, metadata from parts where not folder
    ), page as (
      select e.*, row_number() over (order by ${order}) as ord from entries e ${search}
       order by ${order} limit ${o.limit} offset ${o.offset}
    )
    select coalesce(json_agg(json_build_object('name', p.name, 'id', p.id, 'updated_at', p.updated_at,
             'created_at', p.created_at, 'last_accessed_at', p.last_accessed_at, 'metadata', p.metadata)
             order by p.ord), '[]')::text as body
      from page p`;
}

/** POST /object/list/{bucket} */
export async function listObjects(call: StorageCall, bucket: string): Promise<void> {
  const options = listOptions(await jsonBody(call));
  const caller = await callerOf(call);
  const [result] = await asCaller(call, caller, 'storage.object.list', [listSql(bucket, options)], {
    readOnly: true,
  });
  sendJsonText(call.res, result!.rows[0].body as string);
}

/** The names of a `remove()` body: `{prefixes: [name | {path}]}`. */
export function removeNames(body: Record<string, unknown>): string[] {
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0) throw errors.missingParameter('prefixes');
  if (prefixes.length > MAX_REMOVE) throw errors.invalidParameter('prefixes', `at most ${MAX_REMOVE} names`);
  return prefixes.map((entry: unknown) => {
    const name = typeof entry === 'object' && entry !== null ? (entry as { path?: unknown }).path : entry;
    if (typeof name !== 'string' || name === '') throw errors.invalidParameter('prefixes');
    return name;
  });
}

async function deleteRows(call: StorageCall, bucket: string, names: string[]): Promise<string> {
  const caller = await callerOf(call);
  const [result] = await asCaller(call, caller, 'storage.object.delete', [
    `with deleted as (
       delete from storage.objects o where o.bucket_id = ${lit(bucket)} and o.name = any(${textArray(names)})
       returning o.*)
     select coalesce(json_agg(${objectRowJson('d')}), '[]')::text as body,
            coalesce(array_agg(d.version), '{}') as versions
       from deleted d`,
  ]);
  const row = result!.rows[0] as { body: string; versions: (string | null)[] };
  await call.store.remove(row.versions);
  return row.body;
}

/** DELETE /object/{bucket} with `{prefixes}`: the deleted rows. */
export async function removeObjects(call: StorageCall, bucket: string): Promise<void> {
  const names = removeNames(await jsonBody(call));
  sendJsonText(call.res, await deleteRows(call, bucket, names));
}

/** DELETE /object/{bucket}/{name} */
export async function removeObject(call: StorageCall, bucket: string, name: string): Promise<void> {
  const body = await deleteRows(call, bucket, [name]);
  if (body === '[]') throw (await findBucket(call, bucket)) ? errors.noSuchKey() : errors.noSuchBucket();
  sendJson(call.res, 200, { message: 'Successfully deleted' });
}

interface Transfer {
  sourceBucket: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

export function transferBody(body: Record<string, unknown>): Transfer {
  const need = (name: string): string => {
    const value = body[name];
    if (typeof value !== 'string' || value === '') throw errors.missingParameter(name);
    return value;
  };
  const sourceBucket = need('bucketId');
  const destination = body.destinationBucket;
  if (destination !== undefined && destination !== null && typeof destination !== 'string') {
    throw errors.invalidParameter('destinationBucket');
  }
  return {
    sourceBucket,
    sourceKey: need('sourceKey'),
    destinationBucket: destination ? validateBucketName(destination) : sourceBucket,
    destinationKey: validateObjectKey(need('destinationKey')),
  };
}

function foreignKeyIsBucket(error: unknown): never {
  if ((error as { code?: string }).code === '23503') throw errors.noSuchBucket();
  throw error;
}

/** POST /object/move: renames the row; the bytes stay with their version. */
export async function moveObject(call: StorageCall): Promise<void> {
  const t = transferBody(await jsonBody(call));
  const caller = await callerOf(call);
  const [result] = await asCaller(call, caller, 'storage.object.move', [
    `update storage.objects set bucket_id = ${lit(t.destinationBucket)}, name = ${lit(t.destinationKey)},
            updated_at = now(), last_accessed_at = now()
      where bucket_id = ${lit(t.sourceBucket)} and name = ${lit(t.sourceKey)} returning id`,
  ]).catch(foreignKeyIsBucket);
  if (result!.rowCount === 0) {
    throw (await findBucket(call, t.sourceBucket)) ? errors.noSuchKey() : errors.noSuchBucket();
  }
  sendJson(call.res, 200, { message: 'Successfully moved' });
}

/** POST /object/copy: a new row with a new version holding a copy of the bytes. */
export async function copyObject(call: StorageCall): Promise<void> {
  const t = transferBody(await jsonBody(call));
  const caller = await callerOf(call);
  const [source] = await asCaller(
    call,
    caller,
    'storage.object.copy',
    [
      `select version from storage.objects where bucket_id = ${lit(t.sourceBucket)} and name = ${lit(t.sourceKey)}`,
    ],
    { readOnly: true },
  );
  const sourceVersion = (source!.rows[0] as { version: string | null } | undefined)?.version;
  if (source!.rowCount === 0) {
    throw (await findBucket(call, t.sourceBucket)) ? errors.noSuchKey() : errors.noSuchBucket();
  }
  if (!sourceVersion) throw errors.noSuchKey();
  const version = call.store.newVersion();
  await call.store.copy(sourceVersion, version);
  const { owner, ownerId } = ownerOf(caller);
  let inserted;
  try {
    [inserted] = await asCaller(call, caller, 'storage.object.copy', [
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       select ${lit(t.destinationBucket)}, ${lit(t.destinationKey)}, ${lit(owner)}, ${lit(ownerId)},
              coalesce(metadata, '{}'::jsonb) || jsonb_build_object('lastModified',
                to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              user_metadata, ${lit(version)}
         from storage.objects
        where bucket_id = ${lit(t.sourceBucket)} and name = ${lit(t.sourceKey)} and version = ${lit(sourceVersion)}
       returning id`,
    ]).catch(foreignKeyIsBucket);
  } catch (error) {
    await call.store.remove([version]);
    throw error;
  }
  const row = inserted!.rows[0] as { id: string } | undefined;
  if (!row) {
    // The source changed or vanished between the read and the copy.
    await call.store.remove([version]);
    throw errors.noSuchKey();
  }
  sendJson(call.res, 200, { Id: row.id, Key: `${t.destinationBucket}/${t.destinationKey}` });
}
