import { parseArgs } from 'node:util';
import type pg from 'pg';
import { connect, resolveDbUrl, resolveStorage } from '../db/connect.js';
import { runWorker } from '../connectors/worker.js';
import { loadDemoDataset } from '../demo/load-demo.js';
import { resolveNotificationSettings } from '../notifications/settings.js';
import { demoSummary } from './demo-summary.js';

/**
 * `intel worker [--demo-if-empty]`: runs until stopped (SIGINT/SIGTERM), logging one line per sync.
 * `--demo-if-empty` first loads the bundled demo dataset into an empty knowledge base (or finishes a
 * load that stopped part-way), so `npm start` is ready before the data is: the app shows the progress.
 */
export async function workerCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'poll-seconds': { type: 'string', default: '60' },
      'demo-if-empty': { type: 'boolean', default: false },
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
    if (values['demo-if-empty']) await loadDemoInBackground(db, stop.signal, log);
    await runWorker(db, listener, {
      pollSeconds: Number(values['poll-seconds']),
      signal: stop.signal,
      storage: resolveStorage({ workdir: values.workdir }),
      notifications: resolveNotificationSettings({ workdir: values.workdir }),
      onNotifications: (outcome) => {
        if ('error' in outcome) return log(`notifications: ${outcome.error}`);
        for (const error of outcome.errors) log(`notifications: ${error}`);
        for (const d of outcome.deliveries)
          log(
            `notification ${d.id} → ${d.channel}: ${d.status}${d.outcome?.error ? ` (${d.outcome.error})` : d.reason ? ` (${d.reason})` : ''}`,
          );
      },
      onEnrichment: (r) =>
        log(
          'indicatorId' in r
            ? `enrichment ${r.service} of indicator ${r.indicatorId}: ${r.status}${r.error ? ` (${r.error})` : ''}`
            : `enrichment: ${r.error}`,
        ),
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

/** The demo load, one log line per step; a failure is logged and the worker goes on without it. */
async function loadDemoInBackground(
  db: pg.Client,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  try {
    const outcome = await loadDemoDataset(db, {
      ifEmpty: true,
      signal,
      onStepStart: (index, total, step) => {
        if (index === 0)
          log(`demo dataset: loading in the background (${total} steps); the app is usable meanwhile`);
        log(`demo dataset [${index + 1}/${total}] ${step.label}`);
        return undefined;
      },
    });
    if (outcome.loaded) process.stdout.write(`${demoSummary(outcome)}\n`);
    else log(`demo dataset: ${outcome.reason}`);
  } catch (error) {
    log(
      `demo dataset: ${signal.aborted ? 'stopped' : 'failed'} (${(error as Error).message}); the next start resumes it`,
    );
  }
}
