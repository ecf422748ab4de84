/** `Prefer: count=exact|planned|estimated` for reads and function results. */
import type pg from 'pg';
import type { ReadPlan } from '../plan/types.js';
import { countAllSql, countRowsSql } from '../sql/read-sql.js';
import { explainStatement } from '../sql/statement.js';
import { plannedRows } from './execute.js';

export type CountPreference = 'exact' | 'planned' | 'estimated' | undefined;

/** The scalar subquery giving the total, if the preference needs one counted. */
export function totalSql(
  plan: ReadPlan,
  count: CountPreference,
  maxRows: number | undefined,
): string | undefined {
  if (count === 'exact') return countAllSql(plan);
  if (count === 'estimated') return countAllSql(plan, maxRows === undefined ? undefined : maxRows + 1);
  return undefined;
}

/** The EXPLAIN statement the preference needs, if any (`prefix` carries a CTE for function results). */
export function explainSql(plan: ReadPlan, count: CountPreference, prefix = ''): string | undefined {
  return count === 'planned' || count === 'estimated'
    ? explainStatement(prefix + countRowsSql(plan))
    : undefined;
}

/** PostgREST: planned uses the estimate; estimated uses it only when the exact count passed max-rows. */
export function resolveTotal(
  count: CountPreference,
  counted: number | null,
  explain: pg.QueryResult | undefined,
  maxRows: number | undefined,
): number | null {
  if (count === 'planned') return plannedRows(explain);
  if (count === 'estimated') {
    if (counted !== null && maxRows !== undefined && counted > maxRows)
      return Math.max(counted, plannedRows(explain) ?? 0);
    return counted;
  }
  return counted;
}
