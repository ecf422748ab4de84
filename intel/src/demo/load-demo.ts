import type { ClientBase } from 'pg';
import type { ImportProgress } from '../pipeline/run-import.js';
import { demoSteps, type DemoStep, type DemoStepResult } from './demo-dataset.js';
import { beginDemoLoad, finishDemoLoad, readDemoLoad, recordDemoStep } from './demo-progress.js';

export interface StepHooks {
  onProgress?: (p: ImportProgress) => void;
  stop?: () => void;
}

export interface DemoLoadOptions {
  /**
   * Load only into a knowledge base that has seen no import, or finish a load that did not (a
   * stop or a failure part-way resumes after its last finished step). `npm start`'s worker uses it,
   * so a restart never imports twice. Without it, every step runs again (the importers are
   * idempotent).
   */
  ifEmpty?: boolean;
  /** Stops between records (the step in progress keeps nothing; the load resumes with it). */
  signal?: AbortSignal;
  /** Called as a step begins; what it returns follows the step (a progress bar, say). */
  onStepStart?: (index: number, total: number, step: DemoStep) => StepHooks | undefined;
  onStepDone?: (index: number, total: number, step: DemoStep, result: DemoStepResult) => void;
  /** The steps to run; the bundled dataset's (`demoSteps`) when absent. */
  steps?: DemoStep[];
}

export type DemoLoadOutcome =
  | { loaded: true; results: DemoStepResult[]; resumedAt: number; seconds: number }
  | { loaded: false; reason: string };

// One load at a time across processes (`intel demo` by hand while the worker loads, two workers).
const LOCK = `select pg_try_advisory_lock(hashtextextended('intel-demo-load', 0)) as locked`;
const UNLOCK = `select pg_advisory_unlock(hashtextextended('intel-demo-load', 0))`;

/** Where to start, or why not to load at all. */
async function startingStep(db: ClientBase, ifEmpty: boolean): Promise<number | string> {
  if (!ifEmpty) return 0;
  const row = await readDemoLoad(db);
  if (row?.status === 'loaded') return 'the demo dataset is already loaded';
  if (row) return row.stepsDone;
  const { rows } = await db.query<{ seen: boolean }>(
    'select exists (select 1 from public.import_runs) as seen',
  );
  return rows[0]!.seen ? 'the knowledge base already has data: demo dataset not imported' : 0;
}

/**
 * Loads the bundled demo dataset step by step, recording its progress in public.demo_dataset_load
 * (the app shows it). A step that fails marks the load failed with its reason and throws; the next
 * `ifEmpty` load resumes at that step.
 */
export async function loadDemoDataset(
  db: ClientBase,
  options: DemoLoadOptions = {},
): Promise<DemoLoadOutcome> {
  const { rows } = await db.query<{ locked: boolean }>(LOCK);
  if (!rows[0]!.locked)
    return { loaded: false, reason: 'the demo dataset is already loading in another process' };
  try {
    const start = await startingStep(db, options.ifEmpty ?? false);
    if (typeof start === 'string') return { loaded: false, reason: start };
    const steps = options.steps ?? demoSteps(db);
    const started = Date.now();
    await beginDemoLoad(db, steps.length, start > 0);
    const results: DemoStepResult[] = [];
    for (let index = start; index < steps.length; index++) {
      const step = steps[index]!;
      await recordDemoStep(db, index, step.label);
      const hooks = options.onStepStart?.(index, steps.length, step) ?? {};
      try {
        const result = await step.run({ onProgress: hooks.onProgress, signal: options.signal });
        hooks.stop?.();
        results.push(result);
        options.onStepDone?.(index, steps.length, step, result);
      } catch (error) {
        hooks.stop?.();
        await finishDemoLoad(db, `${step.label}: ${(error as Error).message}`);
        throw error;
      }
    }
    await recordDemoStep(db, steps.length, null);
    await finishDemoLoad(db);
    return { loaded: true, results, resumedAt: start, seconds: (Date.now() - started) / 1000 };
  } finally {
    await db.query(UNLOCK);
  }
}
