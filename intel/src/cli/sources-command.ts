import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { formatTable } from './table.js';

interface SourceRow {
  name: string;
  kind: string;
  format: string | null;
  reliability: string;
  default_tlp: string;
  enabled: boolean;
  status: string | null;
  started_at: Date | null;
  records: number | null;
  inserted: number | null;
  updated: number | null;
  rejected: number | null;
  error: string | null;
}

/** Every source with its last run: what an operator checks first. */
export async function sourcesCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      json: { type: 'boolean', default: false },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  try {
    const { rows } = await db.query<SourceRow>(`
      select s.name, s.kind, s.format, s.reliability, s.default_tlp, s.enabled,
             r.status, r.started_at, r.records, r.inserted, r.updated, r.rejected, r.error
      from public.sources s
      left join lateral (
        select * from public.import_runs r where r.source_id = s.id order by r.started_at desc limit 1
      ) r on true
      order by s.name`);
    if (values.json) {
      process.stdout.write(`${JSON.stringify(rows)}\n`);
      return 0;
    }
    if (rows.length === 0) {
      process.stdout.write('no sources yet: import a file with `npm run intel -- import <file>`\n');
      return 0;
    }
    process.stdout.write(
      `${formatTable(
        [
          'source',
          'format',
          'reliability',
          'TLP',
          'last run',
          'when (UTC)',
          'records',
          'inserted',
          'updated',
          'rejected',
        ],
        rows.map((r) => [
          r.name,
          r.format ?? r.kind,
          r.reliability,
          r.default_tlp,
          r.status ?? 'never',
          r.started_at ? r.started_at.toISOString().slice(0, 19).replace('T', ' ') : '',
          r.records ?? 0,
          r.inserted ?? 0,
          r.updated ?? 0,
          r.rejected ?? 0,
        ]),
      )}\n`,
    );
    for (const r of rows.filter((row) => row.status === 'failed' && row.error))
      process.stdout.write(`  ${r.name}: ${r.error}\n`);
    return 0;
  } finally {
    await db.end();
  }
}
