/**
 * Whether each subscriber group may see a changed row: the row looked up by primary key as the
 * group's role and claims, every group and every queued change in ONE round trip (a batch of
 * changes for 100 subscribers with the same claims costs one query), after waiting until the
 * changes' transactions are visible at all.
 */
import type pg from 'pg';
import { runAsRole, type RoleScope, type RoleSettings } from '../../kernel/db.js';
import type { Logger } from '../../kernel/logger.js';
import { quoteIdent, quoteLiteral } from '../../kernel/sql-text.js';
import type { Channel, PgBinding } from '../hub.js';
import type { DecodedChange } from './decode.js';

const VISIBILITY_ATTEMPTS = 40;

/**
 * Whether every transaction (32-bit xids) is visible in a fresh snapshot. The 64-bit id is the one
 * nearest the snapshot's xmax with those low 32 bits (wraparound-safe); an id at or past xmax is
 * still in progress and not visible.
 */
const VISIBLE_SQL = `
select coalesce(bool_and(pg_visible_in_snapshot((s.xmax + d.delta)::text::xid8, s.snap)), true) as visible
  from (select snap, pg_snapshot_xmax(snap)::text::bigint as xmax from pg_current_snapshot() as snap) s
  cross join lateral (
    select x - (s.xmax & 4294967295) + case
             when x - (s.xmax & 4294967295) > 2147483647 then -4294967296
             when x - (s.xmax & 4294967295) < -2147483648 then 4294967296
             else 0 end as delta
      from unnest($1::bigint[]) as x
  ) d`;

/** Subscribers that share a role and claims, and so an RLS verdict. */
export interface Group {
  role: string;
  claims: Record<string, unknown>;
  /** channel → bindings of that channel matching the change. */
  channels: Map<Channel, PgBinding[]>;
}

export type Verdict = { visible: true } | { visible: false } | { error: string };

/** One change on its way out: who matched it, and what each group (by claims key) may see. */
export interface Work {
  decoded: DecodedChange;
  groups: Map<string, Group>;
  verdicts: Map<string, Verdict>;
}

/** The groups whose verdict needs the database, each with the changes it must look up. */
export type RlsChecks = Map<string, { group: Group; items: Work[] }>;

export interface VisibilityDeps {
  pool: pg.Pool;
  roleSettings: RoleSettings;
  searchPath: string[];
  log: Logger;
}

/**
 * Waits until the transactions are visible to new snapshots. A commit is flushed to the WAL (and
 * may be decoded and streamed to us) a moment before the committing backend leaves the proc
 * array; an RLS check in that moment does not find the row and the subscriber would silently
 * miss the change (seen here: about one insert in twenty for a signed-in subscriber, none for
 * the service role, which skips the check). Usually the first look says yes: one round trip per
 * batch. Bounded, so a stuck look never holds the feed.
 */
export async function awaitVisible(deps: VisibilityDeps, xids: number[]): Promise<void> {
  for (let attempt = 0; attempt < VISIBILITY_ATTEMPTS; attempt++) {
    try {
      const { rows } = await deps.pool.query<{ visible: boolean }>(VISIBLE_SQL, [xids]);
      if (rows[0]?.visible !== false) return;
    } catch (error) {
      deps.log('warn', 'realtime could not check that a transaction is visible', {
        error: (error as Error).message,
      });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1 + attempt));
  }
}

function existsSql(decoded: DecodedChange): string {
  const { relation } = decoded;
  const where = relation.columns
    .filter((c) => c.pk)
    .map((c) => {
      const value = decoded.raw.get(c.name);
      return value === null || value === undefined
        ? `${quoteIdent(c.name)} is null`
        : `${quoteIdent(c.name)} = ${quoteLiteral(value)}::${c.sqlType}`;
    })
    .join(' and ');
  return `exists(select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.table)} where ${where})`;
}

function checkStatement(items: Work[]): string {
  return 'select ' + items.map((item, i) => `${existsSql(item.decoded)} as c${i}`).join(', ');
}

function scope(deps: VisibilityDeps, group: Group): RoleScope {
  return {
    role: group.role,
    claims: group.claims,
    method: 'GET',
    path: '/realtime/v1/websocket',
    headers: {},
    readOnly: true,
    searchPath: deps.searchPath,
  };
}

function setVerdicts(key: string, items: Work[], row: Record<string, boolean> | undefined): void {
  items.forEach((item, j) => item.verdicts.set(key, { visible: row?.[`c${j}`] === true }));
}

/** One round trip for every group: switch role and claims, then look each row up. */
export async function checkRls(deps: VisibilityDeps, checks: RlsChecks): Promise<void> {
  const { pool, roleSettings } = deps;
  const entries = [...checks.entries()];
  const statements: string[] = [];
  const resultIndex: number[] = [];
  entries.forEach(([, { group, items }], i) => {
    if (i > 0) {
      statements.push(
        `select set_config('role', ${quoteLiteral(group.role)}, true), ` +
          `set_config('request.jwt.claims', ${quoteLiteral(JSON.stringify({ ...group.claims, role: group.role }))}, true)`,
      );
    }
    resultIndex.push(statements.length);
    statements.push(checkStatement(items));
  });
  try {
    const results = await runAsRole(pool, roleSettings, scope(deps, entries[0]![1].group), statements, {
      rollback: true,
    });
    entries.forEach(([key, { items }], i) => {
      setVerdicts(key, items, results[resultIndex[i]!]?.rows[0] as Record<string, boolean> | undefined);
    });
  } catch {
    // One group's policy failed (bad claims, a raising function): retry group by group so the
    // others still get their changes, and tell the failing group without showing the row.
    for (const [key, { group, items }] of entries) {
      try {
        const [result] = await runAsRole(pool, roleSettings, scope(deps, group), [checkStatement(items)], {
          rollback: true,
        });
        setVerdicts(key, items, result?.rows[0] as Record<string, boolean> | undefined);
      } catch (error) {
        deps.log('warn', 'realtime RLS check failed', {
          role: group.role,
          error: (error as Error).message,
        });
        for (const item of items) {
          item.verdicts.set(key, {
            error: 'Error 500: Internal Server Error, RLS policy evaluation failed',
          });
        }
      }
    }
  }
}
