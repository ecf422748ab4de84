/**
 * The `data` object of a postgres_changes event as Supabase builds it: per role, the columns it
 * may SELECT (narrowed to a binding's `select`), or an error in place of the row.
 */
import type { DecodedChange } from './decode.js';

/** Records over this size get `Error 413: Payload Too Large` with long values left out (Supabase). */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** `2026-01-02T03:04:05.678Z` as Supabase formats commit timestamps. */
export function commitTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The `data` object for one role (columns and values it may SELECT, narrowed to the binding's
 * `select` plus the primary key), as JSON text.
 */
export function changeData(
  decoded: DecodedChange,
  selectable: Set<string>,
  select?: ReadonlySet<string>,
): string {
  const { change, relation } = decoded;
  const sent = (c: { name: string; pk: boolean }) =>
    selectable.has(c.name) && (!select || c.pk || select.has(c.name));
  const pick = (record: Record<string, unknown> | undefined, pkOnly: boolean) => {
    const out: Record<string, unknown> = {};
    if (!record) return out;
    for (const c of relation.columns) {
      if (!(c.name in record) || !sent(c)) continue;
      if (pkOnly && !c.pk) continue;
      out[c.name] = record[c.name];
    }
    return out;
  };
  const data: Record<string, unknown> = {
    schema: relation.schema,
    table: relation.table,
    commit_timestamp: commitTimestamp(change.commitTimeMs),
    type: change.type,
    columns: relation.columns.filter(sent).map((c) => ({ name: c.name, type: c.typname })),
  };
  if (change.type !== 'DELETE') data.record = pick(decoded.record, false);
  if (change.type === 'UPDATE') data.old_record = pick(decoded.oldRecord, false);
  // RLS cannot be checked on a deleted row: only its primary key is sent on RLS tables.
  if (change.type === 'DELETE') data.old_record = pick(decoded.oldRecord, relation.rls);
  data.errors = null;
  let json = JSON.stringify(data);
  if (Buffer.byteLength(json) > MAX_RECORD_BYTES) {
    const trim = (record: unknown) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((record as Record<string, unknown>) ?? {})) {
        if (Buffer.byteLength(JSON.stringify(v) ?? '') <= 64) out[k] = v;
      }
      return out;
    };
    if (data.record) data.record = trim(data.record);
    if (data.old_record) data.old_record = trim(data.old_record);
    data.errors = ['Error 413: Payload Too Large'];
    json = JSON.stringify(data);
  }
  return json;
}

export function errorData(decoded: DecodedChange, error: string): string {
  const { change, relation } = decoded;
  const data: Record<string, unknown> = {
    schema: relation.schema,
    table: relation.table,
    commit_timestamp: commitTimestamp(change.commitTimeMs),
    type: change.type,
    columns: [],
  };
  if (change.type !== 'DELETE') data.record = {};
  if (change.type !== 'INSERT') data.old_record = {};
  data.errors = [error];
  return JSON.stringify(data);
}
