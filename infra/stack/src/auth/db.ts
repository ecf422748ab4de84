/** Transactions on the auth pool (supabase_auth_admin, owner of the auth schema). */
import type pg from 'pg';

/** Either the pool or a client inside a transaction; every store function accepts both. */
export type Db = pg.Pool | pg.PoolClient;

export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
      client.release();
    } catch {
      client.release(true);
    }
    throw error;
  }
}

/**
 * An error that must be answered after the transaction commits, for the cases where GoTrue keeps
 * what it wrote before refusing (revoking a stolen token family, then "already used").
 */
export class CommitThenFail extends Error {
  constructor(readonly failure: Error) {
    super(failure.message);
    this.name = 'CommitThenFail';
  }
}

/** Like withTransaction, but commits before throwing a CommitThenFail's error. */
export async function withTransactionCommitOnFail<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let pending: Error | undefined;
  const result = await withTransaction(pool, async (client) => {
    try {
      return await work(client);
    } catch (error) {
      if (!(error instanceof CommitThenFail)) throw error;
      pending = error.failure;
      return undefined;
    }
  });
  if (pending) throw pending;
  return result as T;
}

const CONCURRENCY_FAILURES = new Set(['40P01', '40001']);

export function isConcurrencyFailure(error: unknown): boolean {
  return CONCURRENCY_FAILURES.has((error as { code?: string }).code ?? '');
}

/**
 * Reruns a transaction that Postgres aborted as a deadlock victim (a refresh racing a sign-out
 * locks the same rows in the opposite order), after a short random pause as GoTrue does.
 */
export async function retryOnConcurrencyFailure<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isConcurrencyFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    }
  }
}
