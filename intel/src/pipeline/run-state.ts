import type { ClientBase } from 'pg';
import type { SourceDefaults } from '../formats/format.js';
import type { SourceContext } from './prepare/source-context.js';
import type { Remedy } from './remedy.js';

/**
 * The import_runs row and the per-source lock. The row is written outside the import's
 * transaction, so a run that dies stays visible as "running" until the next run of its source
 * finds its lock free and marks it failed.
 */

export class ImportRefused extends Error {
  override name = 'ImportRefused';
  /** The message is the bare reason; each surface words the remedy (pipeline/remedy.ts). */
  constructor(
    message: string,
    readonly remedy?: Remedy,
  ) {
    super(message);
  }
}

/** The source by name, created from the format's defaults the first time it is imported. */
export async function ensureSource(
  db: ClientBase,
  name: string,
  format: string,
  defaults: SourceDefaults,
): Promise<SourceContext> {
  await db.query(
    `insert into public.sources (name, kind, format, url, reliability, default_tlp, default_confidence)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (name) do nothing`,
    [
      name,
      defaults.kind,
      format,
      defaults.url ?? null,
      defaults.reliability,
      defaults.tlp,
      defaults.confidence,
    ],
  );
  const { rows } = await db.query<{
    id: string;
    default_tlp: SourceContext['tlp'];
    default_confidence: number;
  }>('select id, default_tlp, default_confidence from public.sources where name = $1', [name]);
  const row = rows[0]!;
  return { id: row.id, name, tlp: row.default_tlp, confidence: row.default_confidence };
}

const lockKey = (sourceId: string) => `intel-source:${sourceId}`;

/** Takes the source's lock (session-level) and marks runs whose process died as failed. */
export async function lockSource(db: ClientBase, source: SourceContext): Promise<void> {
  const { rows } = await db.query<{ locked: boolean }>(
    'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
    [lockKey(source.id)],
  );
  if (!rows[0]!.locked)
    throw new ImportRefused(`another import of "${source.name}" is running; try again when it ends`);
  await db.query(
    `update public.import_runs set status = 'failed', finished_at = now(),
       error = 'interrupted: the importing process ended before the run finished; nothing of it was kept'
     where source_id = $1 and status = 'running'`,
    [source.id],
  );
}

export async function unlockSource(db: ClientBase, source: SourceContext): Promise<void> {
  await db.query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey(source.id)]);
}

export async function startRun(
  db: ClientBase,
  source: SourceContext,
  format: string,
  input: string,
  requestedBy: string | undefined,
  queuedRunId?: number,
): Promise<number> {
  if (queuedRunId !== undefined) {
    const claimed = await db.query(
      // An upload is queued before its source is known (the format may be recognised only now).
      `update public.import_runs set status = 'running', started_at = now(), source_id = $2, source_name = $3,
         format = $4 where id = $1 and status = 'queued'`,
      [queuedRunId, source.id, source.name, format],
    );
    if (claimed.rowCount === 1) return queuedRunId;
  }
  const { rows } = await db.query<{ id: string }>(
    `insert into public.import_runs (source_id, source_name, format, input, requested_by)
     values ($1, $2, $3, left($4, 4096), $5) returning id`,
    [source.id, source.name, format, input, requestedBy ?? null],
  );
  return Number(rows[0]!.id);
}

export interface RunOutcome {
  status: 'succeeded' | 'failed';
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  ignored: number;
  counts: Record<string, unknown>;
  rejects: { where: string; reason: string }[];
  error?: string;
  /** What the person can do about `error`, worded by each surface (pipeline/remedy.ts). */
  remedy?: Remedy;
  bytes: number;
}

export async function finishRun(db: ClientBase, runId: number, outcome: RunOutcome): Promise<void> {
  // A run that failed before it counted its input keeps the size its upload recorded (or none):
  // "0 bytes" for a 2.9 KB file misleads.
  await db.query(
    `update public.import_runs set status = $2, finished_at = now(), records = $3, inserted = $4, updated = $5,
       unchanged = $6, rejected = $7, ignored = $8, counts = $9, rejects = $10, error = left($11, 4000),
       bytes = greatest(nullif($12::bigint, 0), bytes)
     where id = $1`,
    [
      runId,
      outcome.status,
      outcome.records,
      outcome.inserted,
      outcome.updated,
      outcome.unchanged,
      outcome.rejected,
      outcome.ignored,
      JSON.stringify(outcome.counts),
      JSON.stringify(outcome.rejects),
      outcome.error ?? null,
      outcome.bytes,
    ],
  );
  if (outcome.status === 'succeeded')
    await db.query(
      'update public.sources set last_synced_at = now() where id = (select source_id from public.import_runs where id = $1)',
      [runId],
    );
}

/** Ends a run requested from the app that needed no import (feed unchanged) or could not fetch. */
export async function closeQueuedRun(
  db: ClientBase,
  runId: number,
  status: 'succeeded' | 'failed',
  note: string,
): Promise<void> {
  await db.query(
    `update public.import_runs set status = $2::public.import_status, started_at = coalesce(started_at, now()),
       finished_at = now(), counts = jsonb_build_object('note', $3::text),
       error = case when $2::text = 'failed' then left($3::text, 4000) end
     where id = $1 and status in ('queued', 'running')`,
    [runId, status, note],
  );
}

/**
 * A scheduled sync that failed before anything was imported (the feed is unreachable, answers an
 * error, or has no importer) leaves a failed run, so the source shows as failing in the app instead
 * of only in the worker's log.
 */
export async function recordFailedSync(
  db: ClientBase,
  source: { id: string; name: string; format: string | null; url: string | null },
  error: string,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.import_runs (source_id, source_name, format, input, status, started_at, finished_at, error)
     values ($1, $2, $3, left($4, 4096), 'failed', now(), now(), left($5, 4000)) returning id`,
    [source.id, source.name, source.format ?? 'unknown', source.url ?? '', error],
  );
  return Number(rows[0]!.id);
}
