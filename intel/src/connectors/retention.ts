import type pg from 'pg';

/**
 * The daily retention purge: deletes what the retention settings (System Configuration) no longer
 * keep, through public.purge_expired_data(), which writes a `retention.purged` audit row, and keeps
 * telemetry_volume's monthly partitions (private.maintain_telemetry_volume_partitions()). "Daily" is
 * read from that audit trail, not from the worker's memory, so a restarted worker (or a second one)
 * does not purge again within the interval.
 */
export const PURGE_INTERVAL_HOURS = 24;

export interface PurgedData {
  data: string;
  keptDays: number;
  deleted: number;
}

/** Purges if no purge is recorded in the last `intervalHours`; undefined when it was not due. */
export async function purgeIfDue(
  db: pg.Client,
  intervalHours = PURGE_INTERVAL_HOURS,
): Promise<PurgedData[] | undefined> {
  await db.query('begin');
  try {
    // One worker at a time decides; the others see its audit row when they get the lock.
    await db.query(`select pg_advisory_xact_lock(hashtext('intel.retention_purge'))`);
    const { rows: due } = await db.query<{ due: boolean }>(
      `select coalesce(max(occurred_at) < now() - make_interval(hours => $1), true) as due
         from public.audit_trail where action = 'retention.purged'`,
      [intervalHours],
    );
    if (!due[0]!.due) {
      await db.query('rollback');
      return undefined;
    }
    // Whole months of telemetry volume past retention go first, as dropped partitions (each one
    // audited), so the purge below deletes rows only from the month it cuts through; and the
    // coming months get their partitions. As the worker's own role: it owns the partitions.
    const { rows: dropped } = await db.query<{ moved_rows: string }>(
      `select moved_rows from private.maintain_telemetry_volume_partitions() where action = 'dropped'`,
    );
    const droppedRows = dropped.reduce((sum, row) => sum + Number(row.moved_rows), 0);
    // As the service role, the one server identity the function accepts besides an admin with MFA.
    await db.query(
      `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
    );
    const { rows } = await db.query<{ data: string; kept_days: number; deleted: string }>(
      'select data, kept_days, deleted from public.purge_expired_data()',
    );
    // Served feeds' change ledger: yesterday's rows folded into one (the feeds' versions stay).
    await db.query('select private.compact_feed_changes()');
    await db.query('commit');
    return rows.map((row) => ({
      data: row.data,
      keptDays: row.kept_days,
      deleted: Number(row.deleted) + (row.data === 'telemetry_volume' ? droppedRows : 0),
    }));
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}
