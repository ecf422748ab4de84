import { parseArgs } from 'node:util';
import { connect, resolveDbUrl, resolveStorage } from '../db/connect.js';
import { runWorker } from '../connectors/worker.js';

/** `intel worker`: runs until stopped (SIGINT/SIGTERM), logging one line per sync. */
export async function workerCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'poll-seconds': { type: 'string', default: '60' },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  const url = resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir });
  const [db, listener] = [await connect(url), await connect(url)];
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  log(
    'intel worker: syncing requested and scheduled sources, importing uploaded files, purging expired data daily',
  );
  try {
    await runWorker(db, listener, {
      pollSeconds: Number(values['poll-seconds']),
      signal: stop.signal,
      storage: resolveStorage({ workdir: values.workdir }),
      onResult: (r) =>
        log(
          r.result === 'imported'
            ? `${r.source}: imported ${r.summary.records} records (+${r.summary.inserted} ~${r.summary.updated} =${r.summary.unchanged} ✗${r.summary.rejected})`
            : r.result === 'failed'
              ? `${r.source}: failed: ${r.error}`
              : `${r.source}: not modified`,
        ),
      onPurge: (outcome) =>
        log(
          'error' in outcome
            ? `retention purge failed: ${outcome.error}`
            : `retention purge: ${outcome.purged.map((p) => `${p.deleted} ${p.data} older than ${p.keptDays} days`).join(', ')}`,
        ),
    });
  } finally {
    await Promise.all([db.end(), listener.end()]);
  }
  return 0;
}
