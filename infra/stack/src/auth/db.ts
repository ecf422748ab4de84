/** Transactions on the auth pool (supabase_auth_admin, owner of the auth schema). */
import type pg from 'pg';

/** Either the pool or a client inside a transaction; every store function accepts both. */
export type Db = pg.Pool | pg.PoolClient;

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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
export async function withTransactionCommitOnFail<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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
