import type { ClientBase } from 'pg';
import { InputRefused } from '../formats/format.js';
import type { SourceContext } from './prepare/source-context.js';
import {
  finishRun,
  ImportRefused,
  lockSource,
  startRun,
  unlockSource,
  type RunOutcome,
} from './run-state.js';

/**
 * The life of every import run, knowledge-base formats and the organisation's own data alike: the
 * source's lock, the import_runs row, one transaction as the service role, then the row finished
 * with the outcome. A failure rolls everything back and records how far the run got, so all
 * imports fail whole the same way.
 */

export interface RunSpec<S extends RunOutcome> {
  source: SourceContext;
  format: string;
  /** What was read, for the run's `input` column. */
  input: string;
  requestedBy?: string;
  queuedRunId?: number;
  /** The run's outcome so far; called at the end, and on failure to say how far it got. */
  summarise: (runId: number | undefined, status: 'succeeded' | 'failed') => S;
  /** The error the caller throws with a failed run's summary. */
  failure: (summary: S & { error: string }) => Error;
}

export async function inRun<S extends RunOutcome>(
  db: ClientBase,
  spec: RunSpec<S>,
  work: (runId: number) => Promise<void>,
): Promise<S> {
  let runId: number | undefined;
  let locked = false;
  try {
    await lockSource(db, spec.source);
    locked = true;
    runId = await startRun(db, spec.source, spec.format, spec.input, spec.requestedBy, spec.queuedRunId);
    await db.query('begin');
    await db.query('set local role service_role');
    await db.query(`set local statement_timeout = '30min'`);
    // Staged batches have no statistics, so estimates run to billions of rows and Postgres would
    // JIT-compile every merge: measured 1.6 s of a 3.6 s batch of 20,000 indicators.
    await db.query('set local jit = off');
    await work(runId);
    await db.query('commit');
    const done = spec.summarise(runId, 'succeeded');
    await finishRun(db, runId, done);
    return done;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    const known = error instanceof InputRefused || error instanceof ImportRefused;
    const failed = {
      ...spec.summarise(runId, 'failed'),
      error: known ? (error as Error).message : `import failed: ${(error as Error).message}`,
      remedy: error instanceof ImportRefused ? error.remedy : undefined,
    };
    if (runId !== undefined) await finishRun(db, runId, failed).catch(() => undefined);
    throw spec.failure(failed);
  } finally {
    if (locked) await unlockSource(db, spec.source).catch(() => undefined);
  }
}
