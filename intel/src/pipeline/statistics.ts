import type { ClientBase } from 'pg';

/**
 * Keeps the planner's statistics true while one long transaction grows a table. Autovacuum cannot
 * see uncommitted rows, so a table that started empty still looks empty after 500,000 inserts and
 * each batch's merge chose a sequential scan of it: quadratic (measured 4,000 indicators/s at
 * 500,000 rows). ANALYZE inside the transaction counts its own rows; it runs again whenever the
 * rows written since the last one reach a fifth of the table (at least 10,000).
 *
 * ANALYZE needs the table's owner: the import writes as service_role, which would only get a
 * warning ("skipping … only table or database owner can analyze it") and keep the stale figures.
 * It runs as the session's own user (the owner on our stack) and then returns to service_role.
 */
export class TableStatistics {
  private readonly written = new Map<string, number>();
  private readonly analysedAt = new Map<string, number>();

  async afterWrite(db: ClientBase, table: string, rows: number): Promise<void> {
    if (rows === 0) return;
    if (!this.analysedAt.has(table)) {
      const { rows: found } = await db.query<{ n: number }>(
        'select greatest(reltuples, 0)::float8 as n from pg_class where oid = $1::regclass',
        [table],
      );
      this.analysedAt.set(table, found[0]?.n ?? 0);
    }
    const written = (this.written.get(table) ?? 0) + rows;
    const size = this.analysedAt.get(table)!;
    if (written < Math.max(10_000, size / 5)) {
      this.written.set(table, written);
      return;
    }
    await db.query('reset role');
    try {
      await db.query(`analyze ${table}`);
    } finally {
      await db.query('set local role service_role');
    }
    this.analysedAt.set(table, size + written);
    this.written.set(table, 0);
  }
}
