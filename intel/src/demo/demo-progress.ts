import type { ClientBase } from 'pg';

/**
 * The demo load's one row in public.demo_dataset_load, which the Dashboard and Third-Party
 * Intelligence read to show how far the background load is.
 */
export type DemoLoadRow = { status: 'loading' | 'loaded' | 'failed'; stepsDone: number } | undefined;

export async function readDemoLoad(db: ClientBase): Promise<DemoLoadRow> {
  const { rows } = await db.query<{ status: 'loading' | 'loaded' | 'failed'; steps_done: number }>(
    'select status, steps_done from public.demo_dataset_load',
  );
  return rows[0] && { status: rows[0].status, stepsDone: rows[0].steps_done };
}

/** Starts (or restarts, keeping the steps already done when `resume`) the load's row. */
export async function beginDemoLoad(db: ClientBase, stepsTotal: number, resume: boolean): Promise<void> {
  await db.query(
    `insert into public.demo_dataset_load (steps_total) values ($1)
     on conflict (id) do update set status = 'loading', steps_total = $1, error = null, finished_at = null,
       steps_done = case when $2 then least(demo_dataset_load.steps_done, $1) else 0 end,
       started_at = case when $2 then demo_dataset_load.started_at else now() end, updated_at = now()`,
    [stepsTotal, resume],
  );
}

export async function recordDemoStep(
  db: ClientBase,
  stepsDone: number,
  current: string | null,
): Promise<void> {
  await db.query(
    'update public.demo_dataset_load set steps_done = $1, current_step = $2, updated_at = now()',
    [stepsDone, current?.slice(0, 200) ?? null],
  );
}

export async function finishDemoLoad(db: ClientBase, error?: string): Promise<void> {
  await db.query(
    `update public.demo_dataset_load set status = $1, error = $2, current_step = null, finished_at = now(),
       updated_at = now()`,
    [error === undefined ? 'loaded' : 'failed', error?.slice(0, 4000) ?? null],
  );
}
