/** `select` fields of one node as output columns (`*`, casts, JSON paths, the legacy `count`). */
import { aggregatesNotAllowed } from '../errors.js';
import { defaultFieldKey } from '../query-params/field.js';
import type { AggregateName, SelectField } from '../query-params/types.js';
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

/**
 * `count()`, `col.sum()`, `col::int.avg()::text`: PostgREST's SQL (SqlFragment.hs
 * pgFmtApplyAggregate): the column's cast inside, the result's cast outside, keyed by the alias or
 * the function's name. Other selected columns become the GROUP BY (read-sql).
 */
function aggregateColumn(alias: string, item: SelectField & { aggregate: AggregateName }, table?: Table) {
  const inner =
    item.field.name === '*'
      ? '*'
      : castSql(fieldSql(alias, item.field, table?.columnsByName.get(item.field.name)), item.cast);
  return {
    sql: castSql(`pg_catalog.${item.aggregate}(${inner})`, item.aggregateCast),
    key: item.alias ?? item.aggregate,
    aggregate: true,
    aggregateOf: { inner: inner === '*' ? '1' : inner, fn: item.aggregate, cast: item.aggregateCast },
  };
}

export function outputColumn(
  alias: string,
  item: SelectField,
  table: Table | undefined,
  expandStar: boolean,
  aggregatesEnabled = false,
): OutputColumn[] {
  if (item.aggregate !== undefined) {
    if (!aggregatesEnabled) throw aggregatesNotAllowed();
    return [aggregateColumn(alias, { ...item, aggregate: item.aggregate }, table)];
  }
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
