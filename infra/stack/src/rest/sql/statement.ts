/**
 * The one statement a request sends (after the role prologue): the source query as the CTE
 * `pgrst_source`, then a single row with the total count, the page size, the body text Postgres
 * serialised itself, and the `response.headers` / `response.status` overrides functions may set.
 */
import type { OutputFormat } from '../request/media-type.js';
import { quoteLiteral } from './fragments.js';

export type BodyShape =
  | { kind: 'rows'; format: OutputFormat }
  /** A function returning one scalar, a set of scalars, or one composite value. */
  | { kind: 'scalar'; format: OutputFormat }
  | { kind: 'scalar-set'; format: OutputFormat }
  | { kind: 'single-composite'; format: OutputFormat }
  | {
      kind: 'none';
      /**
       * Make sure the source is evaluated although nothing of it is sent (functions returning void):
       * PostgreSQL drops unreferenced non-volatile outputs of a subquery, so a stable or immutable
       * function would otherwise never run. Not for reads: the row reference would cost them their
       * index-only scans.
       */
      evaluate?: boolean;
    };

const T = '_postgrest_t';

function strip(expression: string, stripNulls: boolean): string {
  return stripNulls ? `json_strip_nulls(${expression})` : expression;
}

const CSV_BODY =
  `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text AS k FROM ` +
  `(SELECT row_to_json(hh) AS r FROM pgrst_source AS hh LIMIT 1) s) a) || E'\\n' || ` +
  `coalesce(string_agg(substring(${T}::text, 2, length(${T}::text) - 2), E'\\n'), '')`;

/**
 * PostgREST's GeoJSON body (SqlFragment.hs asGeoJsonF): PostGIS's ST_AsGeoJSON(record) turns each
 * row into a Feature (its first geometry column the geometry, the rest the properties).
 */
const GEOJSON_BODY =
  `json_build_object('type', 'FeatureCollection', 'features', ` +
  `coalesce(json_agg(ST_AsGeoJSON(${T})::json), '[]'))::text`;

export function bodySql(shape: BodyShape): string {
  if (shape.kind === 'none') return shape.evaluate ? `CASE WHEN ${T} IS NULL THEN '' ELSE '' END` : "''";
  const format = shape.format;
  if (format.kind === 'csv') return CSV_BODY;
  if (format.kind === 'geojson') return GEOJSON_BODY;
  const stripNulls = format.kind !== 'openapi' && 'stripNulls' in format && format.stripNulls;
  const single = format.kind === 'object';
  switch (shape.kind) {
    case 'scalar':
      return `coalesce((${strip(`json_agg(${T}.pgrst_scalar)->0`, stripNulls)})::text, 'null')`;
    case 'scalar-set':
      return single
        ? `coalesce((${strip(`json_agg(${T}.pgrst_scalar)->0`, stripNulls)})::text, 'null')`
        : `coalesce(${strip(`json_agg(${T}.pgrst_scalar)`, stripNulls)}, '[]')::text`;
    case 'single-composite':
      return `coalesce((${strip(`json_agg(${T})->0`, stripNulls)})::text, 'null')`;
    case 'rows':
      return single
        ? `coalesce((${strip(`json_agg(${T})->0`, stripNulls)})::text, 'null')`
        : `coalesce(${strip(`json_agg(${T})`, stripNulls)}, '[]')::text`;
  }
}

/** Aborts the transaction (see pg-errors.ts) when a condition on the page size fails. */
export interface Guards {
  /** Exactly one row, or roll back with PGRST116. */
  singular?: boolean;
  /** At most N rows, or roll back with PGRST124. */
  maxAffected?: number;
}

function guardSql(guards: Guards): string[] {
  const count = 'pg_catalog.count(*)';
  const out: string[] = [];
  if (guards.singular) {
    out.push(
      `CASE WHEN ${count} <> 1 THEN pg_catalog.current_setting('pgrst_guard.singular_' || ${count}) END AS pgrst_singular`,
    );
  }
  if (guards.maxAffected !== undefined) {
    out.push(
      `CASE WHEN ${count} > ${guards.maxAffected} THEN pg_catalog.current_setting('pgrst_guard.max_affected_' || ${count}) END AS pgrst_max_affected`,
    );
  }
  return out;
}

export interface StatementParts {
  /** The CTE body: the read, mutation or function call whose rows the response is about. */
  source: string;
  /**
   * The SELECT over `pgrst_source` that shapes rows (embeds, select). Omitted for plain reads: the
   * source is then the rows themselves, without a CTE (cheaper to plan).
   */
  shaped?: string;
  /** Scalar subquery for the total, or undefined for none. */
  total?: string;
  body: BodyShape;
  guards?: Guards;
  /** Upserts: read back how many rows were inserted rather than updated. */
  countInserted?: boolean;
  /** Functions returning a single value report a page of 1. */
  pageIsOne?: boolean;
  /**
   * Read back `response.status` / `response.headers`, which functions and triggers may set. Plain
   * reads of tables and views skip it: nothing in them runs code that could set those.
   */
  readOverrides?: boolean;
}

export function mainStatement(parts: StatementParts): string {
  const columns = [
    ...(parts.total === undefined ? [] : [`(${parts.total}) AS total`]),
    `${parts.pageIsOne ? '1' : 'pg_catalog.count(*)'} AS page`,
    `${bodySql(parts.body)} AS body`,
    ...(parts.readOverrides === false
      ? []
      : [
          `nullif(pg_catalog.current_setting('response.headers', true), '') AS response_headers`,
          `nullif(pg_catalog.current_setting('response.status', true), '') AS response_status`,
        ]),
    ...(parts.countInserted
      ? ["nullif(pg_catalog.current_setting('pgrst.inserted', true), '')::int AS inserted"]
      : []),
    ...guardSql(parts.guards ?? {}),
  ];
  const needsCte =
    parts.shaped !== undefined || (parts.body.kind !== 'none' && parts.body.format.kind === 'csv');
  if (!needsCte) return `SELECT ${columns.join(', ')} FROM (${parts.source}) ${T}`;
  return `WITH pgrst_source AS (${parts.source}) SELECT ${columns.join(', ')} FROM (${parts.shaped ?? 'SELECT * FROM pgrst_source'}) ${T}`;
}

/** `EXPLAIN` of the count query, for `count=planned|estimated` (the plan's row estimate). */
export function explainStatement(countRows: string): string {
  return `EXPLAIN (FORMAT JSON) ${countRows}`;
}

export { quoteLiteral };
