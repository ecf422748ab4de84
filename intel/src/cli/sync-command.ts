import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import { ensureCatalogue } from '../connectors/catalogue.js';
import { dueSources, syncSource, type SyncResult } from '../connectors/sync-source.js';
import { formatTable } from './table.js';

export const SYNC_USAGE =
  'npm run intel -- sync [SOURCE...] [--json]   (no SOURCE: every enabled feed that is due)';

/** Runs the connectors: conditional download, import of what changed, one line per source. */
export async function syncCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  const results: SyncResult[] = [];
  try {
    await ensureCatalogue(db);
    const sources = await dueSources(db, positionals);
    for (const source of sources) {
      if (!values.json) process.stderr.write(`syncing ${source.name} from ${source.url ?? '(no URL)'}…\n`);
      results.push(await syncSource(db, source));
    }
  } finally {
    await db.end();
  }
  if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`);
  else if (results.length === 0) process.stdout.write('nothing is due (name a source to sync it now)\n');
  else
    process.stdout.write(
      `${formatTable(
        ['source', 'result', 'inserted', 'updated', 'unchanged', 'rejected', 'detail'],
        results.map((r) => [
          r.source,
          r.result,
          r.result === 'imported' ? r.summary.inserted : 0,
          r.result === 'imported' ? r.summary.updated : 0,
          r.result === 'imported' ? r.summary.unchanged : 0,
          r.result === 'imported' ? r.summary.rejected : 0,
          r.result === 'failed'
            ? r.error
            : r.result === 'imported'
              ? [`${(r.bytes / 1e6).toFixed(1)} MB`, ...(r.warnings ?? [])].join('; ')
              : '',
        ]),
      )}\n`,
    );
  return results.some((r) => r.result === 'failed') ? 1 : 0;
}
