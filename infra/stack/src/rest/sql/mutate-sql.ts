/**
 * INSERT / UPDATE / DELETE as PostgREST writes them: the JSON body is a literal turned into typed
 * rows by `json_to_recordset` with the columns' types from the cache, so Postgres does the type
 * conversion (arrays, jsonb, enums) and Node never re-serialises the payload.
 */
import type { Column, Table } from '../schema-cache/types.js';
import { qualified, quoteIdent, quoteLiteral } from './fragments.js';

export interface JsonPayload {
  /** The body exactly as received. */
  text: string;
  isArray: boolean;
}

function inc(delta: '+' | '-', sentinel: string): string {
  return (
    `pg_catalog.set_config('pgrst.inserted', (coalesce(nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int, 0) ` +
    `${delta} 1)::text, true) <> '${sentinel}'`
  );
}

/** `FROM (payload) pgrst_payload, LATERAL (typed rows) pgrst_body`, optionally filling defaults. */
export function payloadRowsSql(payload: JsonPayload, columns: Column[], applyDefaults: boolean): string {
  const typed = columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ');
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const literal = quoteLiteral(payload.text);
  if (columns.length === 0) {
    const source = payload.isArray ? `json_array_elements(${literal}::json)` : '(VALUES (1))';
    return `FROM ${source} AS pgrst_body`;
  }
  if (applyDefaults) {
    const defaults = columns
      .filter((c) => c.defaultExpr !== undefined)
      .map((c) => `${quoteLiteral(c.name)}, ${c.defaultExpr}`)
      .join(', ');
    const withDefaults = payload.isArray
      ? `(SELECT jsonb_agg(jsonb_build_object(${defaults}) || elem) FROM jsonb_array_elements(${literal}::jsonb) AS elem)`
      : `jsonb_build_object(${defaults}) || ${literal}::jsonb`;
    const fn = payload.isArray ? 'jsonb_to_recordset' : 'jsonb_to_record';
    return `FROM LATERAL (SELECT ${names} FROM ${fn}(${withDefaults}) AS _(${typed})) AS pgrst_body`;
  }
  const fn = payload.isArray ? 'json_to_recordset' : 'json_to_record';
  return `FROM LATERAL (SELECT ${names} FROM ${fn}(${literal}::json) AS _(${typed})) AS pgrst_body`;
}

export interface InsertSpec {
  table: Table;
  alias: string;
  columns: Column[];
  payload: JsonPayload;
  applyDefaults: boolean;
  conflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
  returning: string;
}

export function insertSql(spec: InsertSpec): string {
  const target = `${qualified(spec.table.schema, spec.table.name)} AS ${quoteIdent(spec.alias)}`;
  const names = spec.columns.map((c) => quoteIdent(c.name));
  const merge = spec.conflict?.resolution === 'merge-duplicates';
  const selectList = names.map((n) => `pgrst_body.${n}`).join(', ');
  let sql = `INSERT INTO ${target}${names.length > 0 ? ` (${names.join(', ')})` : ''} SELECT ${selectList} ${payloadRowsSql(spec.payload, spec.columns, spec.applyDefaults)}`;
  if (merge) sql += ` WHERE ${inc('+', '0')}`;
  if (spec.conflict && spec.conflict.columns.length > 0) {
    sql += ` ON CONFLICT (${spec.conflict.columns.map(quoteIdent).join(', ')}) `;
    if (spec.conflict.resolution === 'ignore-duplicates' || names.length === 0) sql += 'DO NOTHING';
    else
      sql += `DO UPDATE SET ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')} WHERE ${inc('-', '-1')}`;
  }
  return `${sql} RETURNING ${spec.returning}`;
}

export interface UpdateSpec {
  table: Table;
  alias: string;
  columns: Column[];
  payload: JsonPayload;
  applyDefaults: boolean;
  where: string[];
  returning: string;
}

export function updateSql(spec: UpdateSpec): string {
  const target = `${qualified(spec.table.schema, spec.table.name)} AS ${quoteIdent(spec.alias)}`;
  if (spec.columns.length === 0) {
    return `SELECT ${spec.returning} FROM ${target} WHERE false`;
  }
  const sets = spec.columns.map((c) => `${quoteIdent(c.name)} = pgrst_body.${quoteIdent(c.name)}`).join(', ');
  const where = spec.where.length > 0 ? ` WHERE ${spec.where.join(' AND ')}` : '';
  return `UPDATE ${target} SET ${sets} ${payloadRowsSql(spec.payload, spec.columns, spec.applyDefaults)}${where} RETURNING ${spec.returning}`;
}

export function deleteSql(table: Table, alias: string, where: string[], returning: string): string {
  const target = `${qualified(table.schema, table.name)} AS ${quoteIdent(alias)}`;
  return `DELETE FROM ${target}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''} RETURNING ${returning}`;
}
