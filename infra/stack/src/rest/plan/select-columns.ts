/** `select` fields of one node as output columns (`*`, casts, JSON paths, the legacy `count`). */
import { aggregatesNotAllowed } from '../errors.js';
import { defaultFieldKey } from '../query-params/field.js';
import type { SelectField } from '../query-params/types.js';
import type { Table } from '../schema-cache/types.js';
import { castSql, columnRef, fieldSql } from '../sql/fragments.js';
import type { OutputColumn } from './types.js';

/** `rel(count)` / `select=count` predates aggregates and works with them disabled. */
function isLegacyCount(item: SelectField, table: Table | undefined): boolean {
  return (
    item.field.name === 'count' &&
    item.field.jsonPath.length === 0 &&
    item.cast === undefined &&
    item.aggregate === undefined &&
    !(table?.columnsByName.has('count') ?? false)
  );
}

export function outputColumn(
  alias: string,
  item: SelectField,
  table: Table | undefined,
  expandStar: boolean,
): OutputColumn[] {
  if (item.aggregate !== undefined) throw aggregatesNotAllowed();
  if (item.field.name === '*') {
    if (expandStar && table) {
      return table.columns.map((c) => ({ sql: columnRef(alias, c.name), key: c.name, aggregate: false }));
    }
    return [{ sql: columnRef(alias, '*'), aggregate: false }];
  }
  if (isLegacyCount(item, table))
    return [{ sql: 'pg_catalog.count(*)', key: item.alias ?? 'count', aggregate: true }];
  const column = table?.columnsByName.get(item.field.name);
  return [
    {
      sql: castSql(fieldSql(alias, item.field, column), item.cast),
      key: item.alias ?? defaultFieldKey(item.field),
      aggregate: false,
    },
  ];
}

/** Output keys of a node's columns, for spreads (a `*` expands to the table's columns). */
export function columnKeys(columns: OutputColumn[], table: Table | undefined): string[] {
  return columns.flatMap((c) => (c.key !== undefined ? [c.key] : (table?.columns.map((t) => t.name) ?? [])));
}
