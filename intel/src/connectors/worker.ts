import type pg from 'pg';
import { enrichmentPass, nextEnrichmentRetry, type EnrichmentJobResult } from '../enrichment/jobs.js';
import { notificationPass, type NotificationPassResult } from '../notifications/pass.js';
import type { NotificationSettings } from '../notifications/settings.js';
import { closeQueuedRun } from '../pipeline/run-state.js';
import { ensureCatalogue } from './catalogue.js';
import { expireUploads } from './expire-uploads.js';
import { purgeIfDue, type PurgedData } from './retention.js';
import { dueSources, syncSource, type SyncableSource, type SyncResult } from './sync-source.js';
import { importUpload, takeQueuedUpload, type StorageAccess, type UploadResult } from './upload-import.js';

/**
 * The importer's server-side worker: carries out syncs requested from the app
 * (request_source_sync → NOTIFY intel_import_requests) and files uploaded from the app
 * (request_telemetry_import, request_file_import; the same channel) at once, and the feeds' schedules every
 * `pollSeconds`. One import at a time; each source is also protected by its own lock. Once a day it
 * also deletes what the retention settings no longer keep (see retention.ts).
 */
export interface WorkerOptions {
  pollSeconds?: number;
  signal?: AbortSignal;
  /** Where uploads are downloaded from; without it an upload run fails with a reason. */
  storage?: StorageAccess;
  onResult?: (result: SyncResult | UploadResult) => void;
  /** After a retention purge: what it deleted, or why it failed (the worker goes on). */
  onPurge?: (outcome: { purged: PurgedData[] } | { error: string }) => void;
  /** Where notifications go (SMTP, the app's address); without it the worker sends none. */
  notifications?: NotificationSettings;
  onNotifications?: (outcome: NotificationPassResult | { error: string }) => void;
  /** After each enrichment request an analyst queued (issue 30 §2): its outcome, or why the pass failed. */
  onEnrichment?: (outcome: EnrichmentJobResult | { error: string }) => void;
}

/** How often new events are captured and due notifications sent (a test or retry from the app wakes it at once). */
const NOTIFY_MS = 15 * 1000;

/** How often the worker asks whether the daily purge is due (cheap: one indexed lookup). */
const PURGE_CHECK_MS = 60 * 60 * 1000;

const SOURCE_COLUMNS = 'id, name, format, url, etag, last_modified';

async function takeQueued(db: pg.Client): Promise<{ runId: number; source: SyncableSource } | undefined> {
  const { rows } = await db.query<SyncableSource & { run_id: string }>(
    `select r.id as run_id, ${SOURCE_COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')}
     from public.import_runs r join public.sources s on s.id = r.source_id
     where r.status = 'queued' and r.upload is null order by r.id limit 1`,
  );
  const row = rows[0];
  return row ? { runId: Number(row.run_id), source: row } : undefined;
}

/** One failing sync is reported and the worker goes on with the next. */
async function safely(
  source: SyncableSource,
  sync: () => Promise<SyncResult>,
  cleanUp?: () => Promise<void>,
): Promise<SyncResult> {
  try {
    return await sync();
  } catch (error) {
    await cleanUp?.().catch(() => undefined);
    return { source: source.name, result: 'failed', error: (error as Error).message };
  }
}

export async function runWorker(
  db: pg.Client,
  listener: pg.Client,
  options: WorkerOptions = {},
): Promise<void> {
  const pollMs = (options.pollSeconds ?? 60) * 1000;
  // A request that arrives while the worker is busy is remembered, not lost.
  let pending = false;
  let wake: () => void = () => {
    pending = true;
  };
  let nextNotify = 0;
  listener.on('notification', (message) => {
    if (message.channel === 'intel_notifications') nextNotify = 0;
    wake();
  });
  await listener.query('listen intel_import_requests');
  if (options.notifications) await listener.query('listen intel_notifications');
  options.signal?.addEventListener('abort', () => wake());
  await ensureCatalogue(db);
  let nextSchedule = 0;
  let nextPurgeCheck = 0;
  while (!options.signal?.aborted) {
    for (let job = await takeQueued(db); job && !options.signal?.aborted; job = await takeQueued(db)) {
      options.onResult?.(
        await safely(
          job.source,
          () => syncSource(db, job.source, {}, job.runId),
          () => closeQueuedRun(db, job.runId, 'failed', 'the worker failed on this run'),
        ),
      );
    }
    for (
      let job = await takeQueuedUpload(db);
      job && !options.signal?.aborted;
      job = await takeQueuedUpload(db)
    ) {
      options.onResult?.(await importUpload(db, job, options.storage, options.signal));
    }
    // Enrichment requests from the drawer; a rate-limited one is taken again after its Retry-After.
    let nextRetry: Date | undefined;
    try {
      for (const result of await enrichmentPass(db, {
        signal: options.signal,
        log: (line) => options.onEnrichment?.({ error: line }),
      }))
        options.onEnrichment?.(result);
      nextRetry = await nextEnrichmentRetry(db);
    } catch (error) {
      options.onEnrichment?.({ error: (error as Error).message });
    }
    if (Date.now() >= nextSchedule) {
      nextSchedule = Date.now() + pollMs;
      for (const source of await dueSources(db, [])) {
        if (options.signal?.aborted) break;
        options.onResult?.(await safely(source, () => syncSource(db, source)));
      }
    }
    if (Date.now() >= nextPurgeCheck && !options.signal?.aborted) {
      nextPurgeCheck = Date.now() + PURGE_CHECK_MS;
      try {
        const purged = await purgeIfDue(db);
        // Uploaded files nobody imported go with the daily purge (issue 36 item 7).
        if (purged && options.storage) purged.push(await expireUploads(db, options.storage));
        if (purged) options.onPurge?.({ purged });
      } catch (error) {
        options.onPurge?.({ error: (error as Error).message });
      }
    }
    if (options.notifications && Date.now() >= nextNotify && !options.signal?.aborted) {
      nextNotify = Date.now() + NOTIFY_MS;
      try {
        options.onNotifications?.(await notificationPass(db, options.notifications, options.signal));
      } catch (error) {
        options.onNotifications?.({ error: (error as Error).message });
      }
    }
    if (options.signal?.aborted) break;
    if (pending) {
      pending = false;
      continue;
    }
    await new Promise<void>((resolve) => {
      const until = Math.min(
        options.notifications ? Math.min(nextSchedule, nextNotify) : nextSchedule,
        nextRetry ? nextRetry.getTime() : Infinity,
      );
      const timer = setTimeout(resolve, Math.max(until - Date.now(), 0));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = () => {
      pending = true;
    };
  }
}
