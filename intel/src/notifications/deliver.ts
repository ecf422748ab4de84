import type pg from 'pg';
import { loadOutboundPolicy } from '../outbound/policy.js';
import { MAX_ATTEMPTS, retryAfterMs, retryDelayMs } from './backoff.js';
import type { NotificationEvent } from './event.js';
import {
  digestEmail,
  digestMattermostBody,
  digestSlackBody,
  digestTeamsBody,
  digestWebhookBody,
  isDigest,
} from './digest-payloads.js';
import { emailMessage, mattermostBody, slackBody, teamsBody, webhookBody } from './payloads.js';
import { postJson, sendEmail, type AttemptOutcome } from './send.js';
import type { NotificationSettings } from './settings.js';
import { signWebhook } from './signature.js';

/**
 * The worker's delivery pass: claims due deliveries (a lease, so two workers never send one message
 * twice at once), checks the channel's TLP ceiling again (it may have been lowered since capture) and
 * the PAP of the indicator the event names (AMBER and RED never leave), sends, and logs the attempt;
 * a failure is retried with back-off until MAX_ATTEMPTS, then dead.
 */
interface Claimed {
  id: string;
  event: NotificationEvent;
  attempts: number;
  kind: 'email' | 'webhook' | 'slack' | 'mattermost' | 'teams';
  target: string;
  enabled: boolean;
  tlp_refusal: string | null;
  secret: string | null;
}

export interface DeliveryReport {
  id: number;
  channel: string;
  status: 'delivered' | 'retrying' | 'dead' | 'skipped';
  outcome?: AttemptOutcome;
  reason?: string;
}

/** How long a claimed delivery stays reserved: longer than the slowest attempt (HTTP/SMTP timeouts). */
const LEASE = '5 minutes';

const CLAIM_SQL = `
  with due as (
    select d.id from public.notification_deliveries d
     where d.status in ('pending', 'retrying') and d.next_attempt_at <= now() and ($2::bigint is null or d.id = $2)
     order by d.next_attempt_at limit $1 for update skip locked)
  update public.notification_deliveries d set next_attempt_at = now() + interval '${LEASE}'
    from due where d.id = due.id
  returning d.id`;

const DETAIL_SQL = `
  select d.id, d.event, d.attempts, c.kind, c.target, c.enabled,
         coalesce(private.notification_tlp_check(d.tlp, c.max_tlp), private.notification_pap_check(d.event))
           as tlp_refusal, s.secret
    from public.notification_deliveries d
    join public.notification_channels c on c.id = d.channel_id
    left join private.notification_channel_secrets s on s.channel_id = c.id
   where d.id = any($1::bigint[]) order by d.id`;

export async function deliverDue(
  db: pg.Client,
  settings: NotificationSettings,
  options: { limit?: number; only?: number; signal?: AbortSignal } = {},
): Promise<DeliveryReport[]> {
  const { rows: claimed } = await db.query<{ id: string }>(CLAIM_SQL, [
    options.limit ?? 50,
    options.only ?? null,
  ]);
  if (claimed.length === 0) return [];
  const { rows } = await db.query<Claimed>(DETAIL_SQL, [claimed.map((c) => c.id)]);
  settings = { ...settings, outbound: settings.outbound ?? (await loadOutboundPolicy(db)) };
  const reports: DeliveryReport[] = [];
  for (const row of rows) {
    if (options.signal?.aborted) {
      await db.query('update public.notification_deliveries set next_attempt_at = now() where id = $1', [
        row.id,
      ]);
      continue;
    }
    reports.push(await deliverOne(db, settings, row));
  }
  return reports;
}

async function deliverOne(
  db: pg.Client,
  settings: NotificationSettings,
  row: Claimed,
): Promise<DeliveryReport> {
  const channel = `${row.kind} ${row.target.replace(/\?.*$/, '')}`;
  const refusal = row.tlp_refusal ?? (row.enabled ? null : 'the channel is disabled: not sent');
  if (refusal) {
    await db.query(
      `update public.notification_deliveries set status = 'skipped', next_attempt_at = null, last_error = $2 where id = $1`,
      [row.id, refusal],
    );
    return { id: Number(row.id), channel, status: 'skipped', reason: refusal };
  }
  const outcome = await send(settings, row);
  const attempts = row.attempts + 1;
  const gone = outcome.status === 410;
  const status = outcome.delivered ? 'delivered' : gone || attempts >= MAX_ATTEMPTS ? 'dead' : 'retrying';
  const delayMs = retryAfterMs(outcome.retryAfter ?? null) ?? retryDelayMs(attempts);
  const error = gone ? `${outcome.error}: the receiver says it wants no more messages` : outcome.error;
  await db.query('begin');
  try {
    await db.query(
      `insert into public.notification_attempts (delivery_id, duration_ms, response_status, error, delivered)
       values ($1, $2, $3, left($4, 2000), $5)`,
      [row.id, outcome.durationMs, outcome.status ?? null, error ?? null, outcome.delivered],
    );
    await db.query(
      `update public.notification_deliveries
          set attempts = $2, status = $3::public.notification_status, response_status = $4, last_error = left($5, 2000),
              next_attempt_at = case when $3::public.notification_status = 'retrying' then now() + $6 * interval '1 millisecond' end,
              delivered_at = case when $3::public.notification_status = 'delivered' then now() end
        where id = $1`,
      [row.id, attempts, status, outcome.status ?? null, error ?? null, delayMs],
    );
    await db.query('commit');
  } catch (failure) {
    await db.query('rollback');
    throw failure;
  }
  return { id: Number(row.id), channel, status, outcome: { ...outcome, error } };
}

/** The message builders of a single event, and those of a digest (digest-payloads.ts). */
const EVENT_BODIES = { emailMessage, webhookBody, slackBody, mattermostBody, teamsBody };
const DIGEST_BODIES = {
  emailMessage: digestEmail,
  webhookBody: digestWebhookBody,
  slackBody: digestSlackBody,
  mattermostBody: digestMattermostBody,
  teamsBody: digestTeamsBody,
} as unknown as typeof EVENT_BODIES;

async function send(settings: NotificationSettings, row: Claimed): Promise<AttemptOutcome> {
  const { event, target } = row;
  const { emailMessage, webhookBody, slackBody, mattermostBody, teamsBody } = isDigest(event)
    ? DIGEST_BODIES
    : EVENT_BODIES;
  switch (row.kind) {
    case 'email':
      if (!settings.smtp)
        return {
          delivered: false,
          durationMs: 0,
          error: 'no SMTP server configured (SMTP_URL, or a stack with a mail catcher)',
        };
      return sendEmail(settings.smtp, target, emailMessage(event, settings.appUrl));
    case 'webhook': {
      if (!row.secret)
        return { delivered: false, durationMs: 0, error: 'the webhook channel has no signing secret' };
      const sentAt = new Date();
      const body = webhookBody(event, settings.appUrl, sentAt);
      // The id names the delivery: the same on every retry, so the receiver can drop repeats.
      return postJson(
        target,
        body,
        { ...signWebhook(row.secret, `msg_${row.id}`, sentAt, body) },
        undefined,
        settings.outbound,
      );
    }
    case 'slack':
      return postJson(target, slackBody(event, settings.appUrl), {}, undefined, settings.outbound);
    case 'mattermost':
      return postJson(target, mattermostBody(event, settings.appUrl), {}, undefined, settings.outbound);
    case 'teams':
      return postJson(target, teamsBody(event, settings.appUrl), {}, undefined, settings.outbound);
  }
}
