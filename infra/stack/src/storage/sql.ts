/**
 * SQL text pieces for the storage tables. Statements are sent as text in one round trip (see
 * kernel/db.ts), so every value goes through quoteLiteral; identifiers are fixed here.
 */
import { quoteLiteral } from '../kernel/sql-text.js';

export function lit(value: string | null | undefined): string {
  return value === null || value === undefined ? 'null' : quoteLiteral(value);
}

export function jsonLit(value: unknown): string {
  return value === null || value === undefined ? 'null' : `${quoteLiteral(JSON.stringify(value))}::jsonb`;
}

export function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map(quoteLiteral).join(', ')}]::text[]`;
}

/** A bucket as storage-api returns it: GET /bucket/{id} without `type`, the list with it (routes/bucket). */
export function bucketJson(alias: string, options: { withType: boolean }): string {
  const c = (name: string) => `'${name}', ${alias}.${name}`;
  // node-postgres hands storage-api Date objects, which JSON writes as UTC with milliseconds.
  const iso = (name: string) =>
    `'${name}', to_char(${alias}.${name} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `json_build_object(${[
    c('id'),
    c('name'),
    c('owner'),
    c('public'),
    ...(options.withType ? [c('type')] : []),
    c('file_size_limit'),
    c('allowed_mime_types'),
    iso('created_at'),
    iso('updated_at'),
  ].join(', ')})`;
}

/** An object row as `remove()` returns it (the deleted rows). */
export function objectRowJson(alias: string): string {
  const c = (name: string) => `'${name}', ${alias}.${name}`;
  return `json_build_object(${[
    c('bucket_id'),
    c('name'),
    c('id'),
    c('owner'),
    c('owner_id'),
    c('version'),
    c('created_at'),
    c('updated_at'),
    c('last_accessed_at'),
    c('metadata'),
    c('user_metadata'),
  ].join(', ')})`;
}

/** `GET /object/info/...`: storage's info shape, read from the stored metadata. */
export function objectInfoJson(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'name', ${alias}.name, 'version', ${alias}.version, 'bucket_id', ${alias}.bucket_id,
    'size', (${alias}.metadata->>'size')::bigint, 'content_type', ${alias}.metadata->>'mimetype',
    'cache_control', ${alias}.metadata->>'cacheControl', 'etag', ${alias}.metadata->>'eTag',
    'metadata', coalesce(${alias}.user_metadata, '{}'), 'last_modified', ${alias}.updated_at, 'created_at', ${alias}.created_at)`;
}

/** Escapes LIKE's wildcards so a user's text matches literally. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
