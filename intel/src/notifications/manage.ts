import type pg from 'pg';
import { deliverDue, type DeliveryReport } from './deliver.js';
import { checkWebhookUrl } from './send.js';
import type { NotificationSettings } from './settings.js';
import { generateWebhookSecret, isWebhookSecret } from './signature.js';

/** Channels and rules as operators script them (the CLI; the app goes through the checked RPCs). */

export const CHANNEL_KINDS = ['email', 'webhook', 'slack', 'mattermost', 'teams'] as const;
export const EVENT_KINDS = ['alert', 'kev_asset', 'watch_hit', 'import_failed'] as const;
export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export const DIGESTS = ['none', 'daily', 'weekly'] as const;

export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface NewNotification {
  kind: ChannelKind;
  target: string;
  secret?: string;
  event: string;
  minSeverity?: string;
  maxTlp?: string;
  digest?: string;
  name?: string;
}

export class NotificationInputError extends Error {
  override name = 'NotificationInputError';
}

function oneOf(what: string, value: string, allowed: readonly string[]): string {
  const v = value.toLowerCase().replace(/^tlp:/, '');
  if (!allowed.includes(v))
    throw new NotificationInputError(`unknown ${what} "${value}": use one of ${allowed.join(', ')}`);
  return v;
}

/** Checks everything before anything is written; the message says what is wrong in plain words. */
export function checkNewNotification(
  input: NewNotification,
): Required<Omit<NewNotification, 'secret'>> & { secret?: string } {
  const target = input.target.trim();
  if (input.kind === 'email') {
    if (!/^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$/.test(target) || target.length > 320)
      throw new NotificationInputError(`not an e-mail address: ${JSON.stringify(target.slice(0, 200))}`);
  } else {
    try {
      checkWebhookUrl(target);
    } catch (error) {
      throw new NotificationInputError((error as Error).message);
    }
  }
  if (input.secret !== undefined && input.kind !== 'webhook')
    throw new NotificationInputError(
      `--secret is for --webhook channels only (a ${input.kind} channel is not signed)`,
    );
  if (input.secret !== undefined && !isWebhookSecret(input.secret))
    throw new NotificationInputError(
      'a webhook secret is whsec_ followed by the base64 of 24 to 512 random bytes',
    );
  const event = oneOf('event', input.event, EVENT_KINDS);
  const minSeverity = oneOf('severity', input.minSeverity ?? 'low', SEVERITIES);
  const maxTlp = oneOf('TLP', input.maxTlp ?? 'amber', TLPS);
  const digest = oneOf('digest', input.digest ?? 'none', DIGESTS);
  return {
    kind: input.kind,
    target,
    secret: input.secret,
    event,
    minSeverity,
    maxTlp,
    digest,
    name:
      input.name?.trim() || `${event}${event === 'import_failed' ? '' : ` ≥ ${minSeverity}`} → ${input.kind}`,
  };
}

export interface AddedNotification {
  channel_id: string;
  rule_id: string;
  /** Only when it was generated here: shown this once. */
  secret?: string;
}

/** One channel and one rule delivering to it, in one transaction (audited by the tables' triggers). */
export async function addNotification(db: pg.Client, input: NewNotification): Promise<AddedNotification> {
  const n = checkNewNotification(input);
  const generated = n.kind === 'webhook' && !n.secret ? generateWebhookSecret() : undefined;
  await db.query('begin');
  try {
    const { rows: channel } = await db.query<{ id: string }>(
      `insert into public.notification_channels (name, kind, target, max_tlp, has_secret)
       values ($1, $2::public.notification_channel_kind, $3, $4::public.tlp_level, $2::text = 'webhook') returning id`,
      [n.name.slice(0, 200), n.kind, n.target, n.maxTlp],
    );
    const channelId = channel[0]!.id;
    if (n.kind === 'webhook')
      await db.query(
        'insert into private.notification_channel_secrets (channel_id, secret) values ($1, $2)',
        [channelId, n.secret ?? generated],
      );
    const { rows: rule } = await db.query<{ id: string }>(
      `insert into public.notification_rules (name, event_kind, min_severity, digest) values ($1, $2, $3, $4) returning id`,
      [n.name.slice(0, 200), n.event, n.minSeverity, n.digest],
    );
    await db.query('insert into public.notification_rule_channels (rule_id, channel_id) values ($1, $2)', [
      rule[0]!.id,
      channelId,
    ]);
    await db.query('commit');
    return { channel_id: channelId, rule_id: rule[0]!.id, ...(generated ? { secret: generated } : {}) };
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

export interface ListedRule {
  rule_id: string;
  rule: string;
  event: string;
  min_severity: string;
  digest: string;
  enabled: boolean;
  channels: { id: string; kind: string; target: string; max_tlp: string; enabled: boolean }[];
  delivered: number;
  failing: number;
  dead: number;
}

/** Every rule with its channels and delivery counts (webhook secrets are never listed). */
export async function listNotifications(db: pg.Client): Promise<ListedRule[]> {
  const { rows } = await db.query<ListedRule>(`
    select r.id as rule_id, r.name as rule, r.event_kind as event, r.min_severity, r.digest, r.enabled,
           coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'kind', c.kind, 'target', c.target,
                                                         'max_tlp', c.max_tlp, 'enabled', c.enabled) order by c.name)
                       from public.notification_rule_channels rc join public.notification_channels c on c.id = rc.channel_id
                      where rc.rule_id = r.id), '[]') as channels,
           (select count(*)::int from public.notification_deliveries d where d.rule_id = r.id and d.status = 'delivered') as delivered,
           (select count(*)::int from public.notification_deliveries d where d.rule_id = r.id and d.status = 'retrying') as failing,
           (select count(*)::int from public.notification_deliveries d where d.rule_id = r.id and d.status = 'dead') as dead
      from public.notification_rules r order by r.created_at`);
  return rows;
}

/** Removes a rule by its id, or a channel by its id together with the rules left without a channel. */
export async function removeNotification(db: pg.Client, id: string): Promise<'rule' | 'channel'> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new NotificationInputError(`not a rule or channel id: ${JSON.stringify(id.slice(0, 100))}`);
  const rule = await db.query('delete from public.notification_rules where id = $1', [id]);
  if (rule.rowCount) return 'rule';
  await db.query('begin');
  try {
    const { rows: orphans } = await db.query<{ rule_id: string }>(
      `select rc.rule_id from public.notification_rule_channels rc where rc.channel_id = $1
          and not exists (select 1 from public.notification_rule_channels o where o.rule_id = rc.rule_id and o.channel_id <> $1)`,
      [id],
    );
    const channel = await db.query('delete from public.notification_channels where id = $1', [id]);
    if (!channel.rowCount) throw new NotificationInputError(`no notification rule or channel ${id}`);
    await db.query('delete from public.notification_rules where id = any($1::uuid[])', [
      orphans.map((o) => o.rule_id),
    ]);
    await db.query('commit');
    return 'channel';
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/** Sends a test event now to a channel (or to each channel of a rule) and reports each attempt. */
export async function testNotification(
  db: pg.Client,
  settings: NotificationSettings,
  id: string,
): Promise<DeliveryReport[]> {
  if (!/^[0-9a-f-]{36}$/i.test(id))
    throw new NotificationInputError(`not a rule or channel id: ${JSON.stringify(id.slice(0, 100))}`);
  const { rows: channels } = await db.query<{ id: string }>(
    `select c.id from public.notification_channels c
      where c.id = $1 or c.id in (select rc.channel_id from public.notification_rule_channels rc where rc.rule_id = $1)`,
    [id],
  );
  if (channels.length === 0) throw new NotificationInputError(`no notification rule or channel ${id}`);
  const reports: DeliveryReport[] = [];
  for (const channel of channels) {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.notification_deliveries (channel_id, event_key, event_kind, event, tlp, next_attempt_at)
       select $1, 'test:' || k, 'test', jsonb_build_object('kind', 'test', 'id', k, 'title', 'Test notification from the CTI platform',
              'severity', 'low', 'tlp', 'clear', 'occurred_at', now(), 'path', '/platform/system-config'), 'clear', now()
         from (select gen_random_uuid()::text as k) x
       returning id`,
      [channel.id],
    );
    reports.push(...(await deliverDue(db, settings, { only: Number(rows[0]!.id) })));
  }
  return reports;
}
