import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../request/media-type.js';
import { mainStatement } from './statement.js';

describe('mainStatement', () => {
  it('wraps a plain read without a CTE and without the override settings', () => {
    expect(
      mainStatement({
        source: 'SELECT 1 AS x',
        body: { kind: 'rows', format: { kind: 'json', stripNulls: false } },
        readOverrides: false,
      }),
    ).toBe(
      `SELECT pg_catalog.count(*) AS page, coalesce(json_agg(_postgrest_t), '[]')::text AS body FROM (SELECT 1 AS x) _postgrest_t`,
    );
  });

  it('shapes mutation results from the pgrst_source CTE, with guards that abort the transaction', () => {
    const sql = mainStatement({
      source: 'DELETE FROM t RETURNING 1',
      shaped: 'SELECT * FROM pgrst_source',
      body: { kind: 'none' },
      guards: { singular: true, maxAffected: 2 },
      total: 'SELECT 5',
    });
    expect(sql).toMatch(
      /^WITH pgrst_source AS \(DELETE FROM t RETURNING 1\) SELECT \(SELECT 5\) AS total, pg_catalog.count\(\*\) AS page, '' AS body, /,
    );
    expect(sql).toContain(
      `CASE WHEN pg_catalog.count(*) <> 1 THEN pg_catalog.current_setting('pgrst_guard.singular_' || pg_catalog.count(*)) END`,
    );
    expect(sql).toContain(
      `CASE WHEN pg_catalog.count(*) > 2 THEN pg_catalog.current_setting('pgrst_guard.max_affected_' || pg_catalog.count(*)) END`,
    );
    expect(sql).toContain(
      `nullif(pg_catalog.current_setting('response.status', true), '') AS response_status`,
    );
  });

  it('builds single objects, stripped nulls, scalars and CSV', () => {
    const body = (kind: 'rows' | 'scalar' | 'scalar-set' | 'single-composite', format: OutputFormat) =>
      mainStatement({ source: 'SELECT 1', body: { kind, format }, readOverrides: false });
    expect(body('rows', { kind: 'object', stripNulls: false })).toContain(
      `coalesce((json_agg(_postgrest_t)->0)::text, 'null') AS body`,
    );
    expect(body('rows', { kind: 'json', stripNulls: true })).toContain(
      `coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]')::text AS body`,
    );
    expect(body('scalar', { kind: 'json', stripNulls: false })).toContain(
      `coalesce((json_agg(_postgrest_t.pgrst_scalar)->0)::text, 'null') AS body`,
    );
    expect(body('scalar-set', { kind: 'json', stripNulls: false })).toContain(
      `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text AS body`,
    );
    const csv = body('rows', { kind: 'csv' });
    expect(csv).toMatch(/^WITH pgrst_source AS \(SELECT 1\)/);
    expect(csv).toContain('string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2)');
  });
});
