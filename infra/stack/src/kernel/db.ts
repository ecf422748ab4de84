/**
 * Connection pools and the one way user requests touch Postgres: a transaction that runs as the
 * request's role with PostgREST's GUCs, sent with its statements as a single round trip.
 */
import pg from 'pg';
import type { ProjectConfig } from '../config/project-config.js';
import { quoteLiteral } from './sql-text.js';

export interface Pools {
  /** Logs in as `authenticator` (NOINHERIT); every request switches role inside its transaction. */
  api: pg.Pool;
  /** Logs in as `supabase_auth_admin`, owner of the auth schema (GoTrue's own login). */
  auth: pg.Pool;
}

export interface RoleScope {
  role: string;
  claims: Record<string, unknown>;
  method: string;
  /** Path as the service sees it, without its prefix (PostgREST: `/todos`, `/rpc/fn`). */
  path: string;
  headers: Record<string, string>;
  readOnly: boolean;
  searchPath: string[];
  /** Extra transaction-local settings (function `SET`s, `storage.operation`, ...). */
  settings?: Record<string, string>;
  /**
   * `roleClaimsSql(role, claims)` built once per verified identity (REST caches it with the
   * identity); built here when absent. It must come from the same role and claims.
   */
  roleClaimsSql?: string;
}

export interface PoolOptions {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  max: number;
}

/** A TCP connection URL for one of the stack's database roles (migrations, functions, metrics). */
export function databaseUrl(config: ProjectConfig, user: string, password: string): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${config.db.port}/postgres`;
}

export function createPool(options: PoolOptions, onError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool({ ...options, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // Idle clients die when Postgres restarts; the pool drops them and reconnects on next use.
  pool.on('error', onError);
  return pool;
}

/** Per-role settings (`alter role ... set statement_timeout`) that SET ROLE alone would not apply. */
export class RoleSettings {
  private byRole = new Map<string, Record<string, string>>();

  async load(pool: pg.Pool): Promise<void> {
    const { rows } = await pool.query<{ rolname: string; setconfig: string[] }>(
      `select r.rolname, s.setconfig
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        order by s.setdatabase`,
    );
    const next = new Map<string, Record<string, string>>();
    for (const row of rows) {
      const settings = next.get(row.rolname) ?? {};
      for (const entry of row.setconfig) {
        const eq = entry.indexOf('=');
        const name = entry.slice(0, eq);
        if (name === 'statement_timeout' || name === 'lock_timeout' || name.includes('.')) {
          settings[name] = entry.slice(eq + 1);
        }
      }
      next.set(row.rolname, settings);
    }
    this.byRole = next;
  }

  for(role: string): Record<string, string> {
    return this.byRole.get(role) ?? {};
  }
}

function setConfig(name: string, value: string): string {
  return `set_config(${quoteLiteral(name)}, ${quoteLiteral(value)}, true)`;
}

/**
 * The role and `request.jwt.claims` settings. They depend only on who asks, and quoting the claims
 * (a JWT's worth of JSON) is the largest part of the prologue, so callers can build it once per
 * identity and pass it as `RoleScope.roleClaimsSql`.
 */
export function roleClaimsSql(role: string, claims: Record<string, unknown>): string {
  return `${setConfig('role', role)}, ${setConfig('request.jwt.claims', JSON.stringify({ ...claims, role }))}`;
}

/**
 * The prologue PostgREST runs: search_path, role settings, role, claims, method, path, headers.
 * The settings are wrapped so the statement returns one tiny row rather than every value it set
 * (the headers and claims JSON would otherwise travel back and be parsed for nothing). Postgres
 * keeps them applied: a subquery whose target list has volatile functions (set_config is) is
 * neither flattened into the outer query nor stripped of its unused outputs.
 */
export function scopePrologue(scope: RoleScope, roleSettings: RoleSettings): string {
  const settings: string[] = [
    setConfig('search_path', scope.searchPath.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ')),
  ];
  for (const [name, value] of Object.entries(roleSettings.for(scope.role)))
    settings.push(setConfig(name, value));
  settings.push(scope.roleClaimsSql ?? roleClaimsSql(scope.role, scope.claims));
  settings.push(setConfig('request.method', scope.method));
  settings.push(setConfig('request.path', scope.path));
  settings.push(setConfig('request.headers', JSON.stringify(scope.headers)));
  for (const [name, value] of Object.entries(scope.settings ?? {})) settings.push(setConfig(name, value));
  const mode = scope.readOnly ? 'READ ONLY' : 'READ WRITE';
  return `BEGIN ISOLATION LEVEL READ COMMITTED ${mode}; SELECT 1 FROM (SELECT ${settings.join(', ')}) pgrst_settings`;
}

/**
 * Runs `statements` (each a complete SQL statement built with sql-text quoting) in one transaction
 * as the scope's role and returns their results, in order. On error the transaction is rolled back
 * and the Postgres error is rethrown unchanged (it carries `code`, `detail`, `hint`).
 */
export async function runAsRole(
  pool: pg.Pool,
  roleSettings: RoleSettings,
  scope: RoleScope,
  statements: string[],
  options: { rollback?: boolean } = {},
): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  // A checked-out client has no pool error listener: without this one, Postgres going away
  // mid-query emits an unhandled 'error' and kills the process. The query rejects with it anyway.
  const ignoreError = (): void => undefined;
  client.on('error', ignoreError);
  const release = (destroy?: boolean): void => {
    client.removeListener('error', ignoreError);
    client.release(destroy);
  };
  const text = [
    scopePrologue(scope, roleSettings),
    ...statements,
    options.rollback ? 'ROLLBACK' : 'COMMIT',
  ].join(';\n');
  try {
    const result = (await client.query(text)) as unknown as pg.QueryResult[];
    release();
    // Results: BEGIN, the prologue's one row, the statements, COMMIT/ROLLBACK.
    return result.slice(2, 2 + statements.length);
  } catch (error) {
    try {
      await client.query('ROLLBACK');
      release();
    } catch {
      release(true);
    }
    throw error;
  }
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when Postgres could not be reached or went away (the request may be retried). */
export function isConnectionError(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (e.code && (CONNECTION_ERROR_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
    e.message ?? '',
  );
}
