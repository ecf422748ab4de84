/**
 * `Accept: application/vnd.pgrst.plan…` (supabase-js `explain()`): the EXPLAIN of the statement
 * the request would run, as PostgREST answers it (SqlFragment.hs explainF, MainTx.hs planRow):
 * `EXPLAIN (FORMAT TEXT|JSON, <options in PostgREST's order>) <main statement>`, one line per
 * row, each ending in a newline, status 200. Like EXPLAIN itself, ANALYZE executes the statement,
 * so a write is committed unless db-tx-end and `Prefer: tx=rollback` say otherwise.
 */
import type { PlanRequest } from '../request/media-type.js';
import { runStatements, type RunOptions } from './execute.js';
import type { RestRequest } from './request-context.js';
import { sendReply } from './respond.js';

export function explainSql(plan: PlanRequest, statement: string): string {
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())];
  return `EXPLAIN (${options.join(', ')}) ${statement}`;
}

/** node-postgres parses EXPLAIN's json column; it is printed back as Postgres indents it. */
function planLine(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export async function sendPlan(
  r: RestRequest,
  plan: PlanRequest,
  statement: string,
  options: RunOptions,
): Promise<void> {
  const results = await runStatements(r, [explainSql(plan, statement)], options);
  const rows = (results[0]?.rows ?? []) as Record<string, unknown>[];
  const body = rows.map((row) => `${planLine(row['QUERY PLAN'])}\n`).join('');
  sendReply(r, { status: 200, body, contentType: `${plan.mime}; charset=utf-8`, headers: {} });
}
