/**
 * Import runs as metrics, read from `public.import_runs` when the project has that table (the CTI
 * platform's importer writes one row per run): runs by source and status, records imported and
 * rejected, and when each source last finished. One read-only query per scrape through a
 * one-connection pool as the table owner (`postgres`), with a short statement timeout.
 */
import pg from 'pg';
import type client from 'prom-client';
import promClient from 'prom-client';

interface RunRow {
  source: string;
  status: string;
  runs: string;
  records: string;
  rejected: string;
  last_finished: string | null;
}

const QUERY = `select source_name as source, status::text as status, count(*) as runs,
                      coalesce(sum(records), 0) as records, coalesce(sum(rejected), 0) as rejected,
                      extract(epoch from max(finished_at)) as last_finished
                 from public.import_runs group by 1, 2`;

export function importRunMetrics(registry: client.Registry, url: string): { refresh(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  const gauge = (name: string, help: string, labelNames: string[]) =>
    new promClient.Gauge({ name, help, labelNames, registers: [registry] });
  const runs = gauge('cti_import_runs', 'Import runs recorded, by source and status.', ['source', 'status']);
  const records = gauge('cti_import_records', 'Records read by import runs, by source and status.', [
    'source',
    'status',
  ]);
  const rejected = gauge('cti_import_rejected_records', 'Records rejected by import runs, by source.', [
    'source',
    'status',
  ]);
  const last = gauge(
    'cti_import_last_finished_timestamp_seconds',
    'When a run of the source last finished.',
    ['source'],
  );
  const up = gauge('cti_import_runs_readable', '1 when import runs could be read at the last scrape.', []);
  let exists: boolean | undefined;

  return {
    async refresh() {
      let db: pg.PoolClient | undefined;
      try {
        db = await pool.connect();
        await db.query(`begin read only; set local statement_timeout = '2s'`);
        if (exists === undefined) {
          const found = await db.query<{ e: boolean }>(
            `select to_regclass('public.import_runs') is not null as e`,
          );
          exists = found.rows[0]!.e;
        }
        const rows = exists ? (await db.query<RunRow>(QUERY)).rows : [];
        await db.query('commit');
        db.release();
        db = undefined;
        for (const metric of [runs, records, rejected, last]) metric.reset();
        const lastBySource = new Map<string, number>();
        for (const row of rows) {
          const labels = { source: row.source, status: row.status };
          runs.set(labels, Number(row.runs));
          records.set(labels, Number(row.records));
          rejected.set(labels, Number(row.rejected));
          const finished = row.last_finished === null ? 0 : Number(row.last_finished);
          lastBySource.set(row.source, Math.max(lastBySource.get(row.source) ?? 0, finished));
        }
        for (const [source, at] of lastBySource) if (at > 0) last.set({ source }, at);
        up.set(exists ? 1 : 0);
      } catch {
        // A connection left in a failed transaction is closed, not reused.
        db?.release(true);
        up.set(0);
      }
    },
  };
}
