/**
 * A pgoutput row change as Supabase's `apply_rls.sql` sees it: the new and old records as JSON
 * values typed by the catalog, and the raw text of each column for the SQL that re-reads the row.
 */
import type { CatalogRelation } from '../catalog.js';
import { UNCHANGED_TOAST, type RelationMessage, type TupleValue } from '../pgoutput.js';
import { toJsonValue } from '../values.js';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Change {
  type: ChangeType;
  relation: RelationMessage;
  commitTimeMs: number;
  /** The transaction's id (32 bits, as pgoutput's Begin message gives it). */
  xid: number;
  newTuple?: TupleValue[];
  oldTuple?: TupleValue[];
  oldKind?: 'K' | 'O';
}

export interface DecodedChange {
  change: Change;
  relation: CatalogRelation;
  /** Column name → raw text (for SQL literals) and JSON value, in column order. */
  raw: Map<string, string | null>;
  record?: Record<string, unknown>;
  oldRecord?: Record<string, unknown>;
}

export function decodeChange(change: Change, relation: CatalogRelation): DecodedChange {
  const raw = new Map<string, string | null>();
  const toRecord = (tuple: TupleValue[], only?: (name: string) => boolean) => {
    const record: Record<string, unknown> = {};
    change.relation.columns.forEach((col, i) => {
      const value = tuple[i];
      if (value === undefined || value === UNCHANGED_TOAST) return;
      if (only && !only(col.name)) return;
      const catalogColumn = relation.byName.get(col.name);
      const type = catalogColumn
        ? { typname: catalogColumn.base, elemTypname: catalogColumn.elem }
        : { typname: 'text' };
      record[col.name] = toJsonValue(value, type);
    });
    return record;
  };
  const isPk = (name: string) => relation.byName.get(name)?.pk === true;
  const decoded: DecodedChange = { change, relation, raw };
  if (change.newTuple) {
    decoded.record = toRecord(change.newTuple);
    change.relation.columns.forEach((col, i) => {
      const v = change.newTuple![i];
      if (typeof v === 'string' || v === null) raw.set(col.name, v);
    });
    // Unchanged TOAST values come from the old row when REPLICA IDENTITY FULL sent it.
    if (change.oldKind === 'O' && change.oldTuple) {
      const old = toRecord(change.oldTuple);
      for (const col of change.relation.columns) {
        if (!(col.name in decoded.record) && col.name in old) decoded.record[col.name] = old[col.name];
      }
    }
  }
  if (change.type === 'UPDATE') {
    if (change.oldKind === 'O' && change.oldTuple) decoded.oldRecord = toRecord(change.oldTuple);
    else if (change.oldKind === 'K' && change.oldTuple) decoded.oldRecord = toRecord(change.oldTuple, isPk);
    else decoded.oldRecord = toRecord(change.newTuple ?? [], isPk);
  }
  if (change.type === 'DELETE' && change.oldTuple) {
    decoded.oldRecord = change.oldKind === 'O' ? toRecord(change.oldTuple) : toRecord(change.oldTuple, isPk);
    change.relation.columns.forEach((col, i) => {
      const v = change.oldTuple![i];
      if (typeof v === 'string' || v === null) raw.set(col.name, v);
    });
  }
  return decoded;
}
