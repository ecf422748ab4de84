/**
 * Runs a request's statements as its role in one round trip and reads the standard result row.
 * Postgres errors become PostgREST error responses here; a lost connection becomes 503.
 */
import { DatabaseError } from 'pg';
import type pg from 'pg';
import { runAsRole } from '../../kernel/db.js';
import { headerMap } from '../../kernel/http.js';
import { SqlTextError } from '../../kernel/sql-text.js';
import { connectionError, RestError, tableNotFound } from '../errors.js';
import { isConnectionError } from '../../kernel/db.js';
import { pgErrorToRest } from '../pg-errors.js';
import { isAuthenticated, type RestRequest } from './request-context.js';

export interface ResultRow {
  total: number | null;
  page: number;
  body: string;
  responseHeaders: string | null;
  responseStatus: string | null;
  inserted: number | null;
}

export interface RunOptions {
  readOnly: boolean;
  /** Function-level `SET`s and `Prefer: timezone`. */
  settings?: Record<string, string>;
  rollback?: boolean;
}

/**
 * Like runStatements for a request on a table: a table dropped since the schema cache was loaded
 * is reported as PGRST205, never as a raw 42P01.
 */
export async function runOnTable(
  r: RestRequest,
  table: { schema: string; name: string },
  statements: string[],
  options: RunOptions,
): Promise<pg.QueryResult[]> {
  try {
    return await runStatements(r, statements, options);
  } catch (error) {
    if (error instanceof RestError && error.code === '42P01') throw tableNotFound(table.schema, table.name);
    throw error;
  }
}

export async function runStatements(
  r: RestRequest,
  statements: string[],
  options: RunOptions,
): Promise<pg.QueryResult[]> {
  const settings = { ...options.settings };
  if (r.prefs.timezone !== undefined) settings.timezone = r.prefs.timezone;
  try {
    return await runAsRole(
      r.ctx.pools.api,
      r.ctx.roleSettings,
      {
        role: r.identity.role,
        claims: r.identity.claims,
        roleClaimsSql: r.identity.roleClaimsSql,
        method: r.method,
        path: r.path,
        headers: headerMap(r.req, r.ctx.config.stack.webTrustedProxies),
        readOnly: options.readOnly,
        searchPath: [r.schema.schema, ...r.settings.extraSearchPath.filter((s) => s !== r.schema.schema)],
        settings,
      },
      statements,
      { rollback: options.rollback },
    );
  } catch (error) {
    throw toRestError(r, error);
  }
}

export function toRestError(r: RestRequest, error: unknown): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof SqlTextError) return new RestError(400, error.code, error.message);
  if (isConnectionError(error)) return connectionError((error as Error).message ?? null);
  if (error instanceof DatabaseError) return pgErrorToRest(error, isAuthenticated(r));
  throw error;
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export function readResultRow(result: pg.QueryResult | undefined): ResultRow {
  const row = (result?.rows[0] ?? {}) as Record<string, unknown>;
  return {
    total: toNumber(row.total),
    page: toNumber(row.page) ?? 0,
    body: typeof row.body === 'string' ? row.body : '',
    responseHeaders: typeof row.response_headers === 'string' ? row.response_headers : null,
    responseStatus: typeof row.response_status === 'string' ? row.response_status : null,
    inserted: toNumber(row.inserted),
  };
}

/** `Plan Rows` of an `EXPLAIN (FORMAT JSON)` result. */
export function plannedRows(result: pg.QueryResult | undefined): number | null {
  const plan = (result?.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as unknown) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}
