import type { ClientBase } from 'pg';
import type { SourceDefaults } from '../formats/format.js';
import { InputRefused } from '../formats/format.js';
import type { ImportSummary } from '../pipeline/run-import.js';
import {
  ensureSource,
  finishRun,
  ImportRefused,
  lockSource,
  startRun,
  unlockSource,
  type RunOutcome,
} from '../pipeline/run-state.js';

/**
 * The run around an import of the organisation's own data (telemetry, assets, leak posts): the
 * source row, its lock, the import_runs record and one transaction as the service role, so these
 * imports show in the Global Threat Feed and fail whole exactly like the knowledge-base formats.
 */

export type WorkspaceSummary<F extends string> = Omit<ImportSummary, 'format'> & { format: F | 'unknown' };

/** The import failed as a whole; nothing was written. */
export class WorkspaceImportFailed<F extends string = string> extends Error {
  override name = 'WorkspaceImportFailed';
  constructor(readonly summary: WorkspaceSummary<F>) {
    super(summary.error);
  }
}

export interface RunSpec<F extends string> {
  format: F;
  source: SourceDefaults;
  inputs: string[];
  requestedBy?: string;
  queuedRunId?: number;
}

/** What the work reports; `error` is set by the wrapper when it fails. */
export type WorkOutcome = Omit<RunOutcome, 'status' | 'error'>;

export const emptyOutcome = (): WorkOutcome => ({
  records: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  ignored: 0,
  counts: {},
  rejects: [],
  bytes: 0,
});

/**
 * Runs `work` inside the run. `progress` is the outcome so far, so a failure still reports how far
 * it got; `work` fills it in place.
 */
export async function inImportRun<F extends string>(
  db: ClientBase,
  spec: RunSpec<F>,
  progress: WorkOutcome,
  work: (runId: number) => Promise<void>,
): Promise<WorkspaceSummary<F>> {
  const started = Date.now();
  const source = await ensureSource(db, spec.source.name, spec.format, spec.source);
  let runId: number | undefined;
  let locked = false;
  const summary = (status: 'succeeded' | 'failed'): WorkspaceSummary<F> => ({
    ...progress,
    ...(status === 'failed' ? { inserted: 0, updated: 0, unchanged: 0 } : {}),
    runId,
    format: spec.format,
    source: source.name,
    status,
    seconds: (Date.now() - started) / 1000,
  });
  try {
    await lockSource(db, source);
    locked = true;
    runId = await startRun(
      db,
      source,
      spec.format,
      spec.inputs.join(', '),
      spec.requestedBy,
      spec.queuedRunId,
    );
    await db.query('begin');
    await db.query('set local role service_role');
    await db.query(`set local statement_timeout = '30min'`);
    await db.query('set local jit = off');
    await work(runId);
    await db.query('commit');
    const done = summary('succeeded');
    await finishRun(db, runId, done);
    return done;
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    const known = error instanceof InputRefused || error instanceof ImportRefused;
    const failed = {
      ...summary('failed'),
      error: known ? (error as Error).message : `import failed: ${(error as Error).message}`,
    };
    if (runId !== undefined) await finishRun(db, runId, failed).catch(() => undefined);
    throw new WorkspaceImportFailed<F>(failed);
  } finally {
    if (locked) await unlockSource(db, source).catch(() => undefined);
  }
}

/** Keeps the first 1,000 rejects (import_runs.rejects), counting all. */
export function addReject(outcome: WorkOutcome, where: string, reason: string): void {
  outcome.rejected++;
  if (outcome.rejects.length < 1000) outcome.rejects.push({ where, reason });
}
