/**
 * DDL the auth service runs once per pool before first use (tables GoTrue's later migrations add,
 * for clusters bootstrapped before they existed); a failure is retried by the next call.
 */
import type pg from 'pg';

const ready = new Map<string, WeakMap<pg.Pool, Promise<void>>>();

export function ensureOnce(pool: pg.Pool, ddl: string): Promise<void> {
  let pools = ready.get(ddl);
  if (!pools) {
    pools = new WeakMap();
    ready.set(ddl, pools);
  }
  let done = pools.get(pool);
  if (!done) {
    done = pool.query(ddl).then(
      () => undefined,
      (error: unknown) => {
        pools.delete(pool);
        throw error;
      },
    );
    pools.set(pool, done);
  }
  return done;
}
