import type { ClientBase } from 'pg';
import type { SourceDefaults } from '../formats/format.js';
import { inRun } from '../pipeline/in-run.js';
import type { ImportSummary } from '../pipeline/run-import.js';
import { ensureSource, type RunOutcome } from '../pipeline/run-state.js';

/**
 * The run around an import of the organisation's own data (telemetry, assets, leak posts): the
 * same life as a knowledge-base import (pipeline/in-run.ts), so these imports show in the Global
 * Threat Feed and fail whole exactly like the knowledge-base formats.
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
  return inRun<WorkspaceSummary<F>>(
    db,
    {
      source,
      format: spec.format,
      input: spec.inputs.join(', '),
      requestedBy: spec.requestedBy,
      queuedRunId: spec.queuedRunId,
      summarise: (runId, status) => ({
        ...progress,
        // A failed run wrote nothing.
        ...(status === 'failed' ? { inserted: 0, updated: 0, unchanged: 0 } : {}),
        runId,
        format: spec.format,
        source: source.name,
        status,
        seconds: (Date.now() - started) / 1000,
      }),
      failure: (summary) => new WorkspaceImportFailed<F>(summary),
    },
    work,
  );
}

/** Keeps the first 1,000 rejects (import_runs.rejects), counting all. */
export function addReject(outcome: WorkOutcome, where: string, reason: string): void {
  outcome.rejected++;
  if (outcome.rejects.length < 1000) outcome.rejects.push({ where, reason });
}
