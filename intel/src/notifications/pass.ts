import type pg from 'pg';
import { deliverDue, type DeliveryReport } from './deliver.js';
import { captureDigests } from './digest.js';
import { captureSavedViews } from './saved-views.js';
import type { NotificationSettings } from './settings.js';

export interface NotificationPassResult {
  queued: number;
  deliveries: DeliveryReport[];
  /** Saved views and digests that could not be evaluated this pass (retried on the next). */
  errors: string[];
}

/** One worker pass: capture new events, saved-view matches and closed digest periods into deliveries, then send what is due. */
export async function notificationPass(
  db: pg.Client,
  settings: NotificationSettings,
  signal?: AbortSignal,
): Promise<NotificationPassResult> {
  const { rows } = await db.query<{ queued: number }>(
    'select private.capture_notification_events() as queued',
  );
  const views = await captureSavedViews(db);
  const digests = await captureDigests(db);
  const deliveries: DeliveryReport[] = [];
  // Drain what is due in batches, so a backlog does not wait for the next poll.
  for (let batch = await deliverDue(db, settings, { signal }); batch.length > 0 && !signal?.aborted;) {
    deliveries.push(...batch);
    batch = await deliverDue(db, settings, { signal });
  }
  return {
    queued: (rows[0]?.queued ?? 0) + views.queued + digests.queued,
    deliveries,
    errors: [...views.errors, ...digests.errors],
  };
}
