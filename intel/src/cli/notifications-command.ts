import { parseArgs } from 'node:util';
import { connect, resolveDbUrl } from '../db/connect.js';
import {
  addNotification,
  listNotifications,
  NotificationInputError,
  removeNotification,
  testNotification,
  type ChannelKind,
} from '../notifications/manage.js';
import { resolveNotificationSettings } from '../notifications/settings.js';
import { UsageError } from './import-command.js';
import { formatTable } from './table.js';

export const NOTIFICATIONS_USAGE = `npm run intel -- notifications add (--webhook URL [--secret whsec_…] | --email ADDRESS | --slack URL | --teams URL | --mattermost URL)
      --event alert|kev_asset|watch_hit|import_failed [--min-severity low|medium|high|critical] [--max-tlp LEVEL] [--digest none|daily|weekly] [--name N] [--json]
  npm run intel -- notifications list [--json] | remove <id> | test <id>`;

const CHANNEL_FLAGS: ChannelKind[] = ['webhook', 'email', 'slack', 'teams', 'mattermost'];

/** `intel notifications add|list|remove|test`: channels and rules for operators' scripts. */
export async function notificationsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      webhook: { type: 'string' },
      email: { type: 'string' },
      slack: { type: 'string' },
      teams: { type: 'string' },
      mattermost: { type: 'string' },
      secret: { type: 'string' },
      event: { type: 'string' },
      'min-severity': { type: 'string' },
      'max-tlp': { type: 'string' },
      digest: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
      'db-url': { type: 'string' },
      workdir: { type: 'string' },
    },
  });
  if (!sub || !['add', 'list', 'remove', 'test'].includes(sub))
    throw new UsageError(`notifications: say add, list, remove or test\n  ${NOTIFICATIONS_USAGE}`);
  const channels = CHANNEL_FLAGS.filter((flag) => values[flag] !== undefined);
  if (sub === 'add' && channels.length !== 1)
    throw new UsageError(
      'notifications add: give exactly one of --webhook, --email, --slack, --teams, --mattermost',
    );
  if (sub === 'add' && !values.event) throw new UsageError('notifications add: --event is required');
  if ((sub === 'remove' || sub === 'test') && positionals.length !== 1)
    throw new UsageError(`notifications ${sub}: give one rule or channel id (see notifications list)`);
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    if (sub === 'add') {
      const kind = channels[0]!;
      const added = await addNotification(db, {
        kind,
        target: values[kind]!,
        secret: values.secret,
        event: values.event!,
        minSeverity: values['min-severity'],
        maxTlp: values['max-tlp'],
        digest: values.digest,
        name: values.name,
      });
      if (values.json) out(JSON.stringify(added));
      else {
        out(`added rule ${added.rule_id} delivering to channel ${added.channel_id}`);
        if (added.secret) out(`webhook secret (shown once, give it to the receiver): ${added.secret}`);
      }
    } else if (sub === 'list') {
      const rules = await listNotifications(db);
      if (values.json) out(JSON.stringify(rules));
      else if (rules.length === 0)
        out('no notification rules yet: add one with `npm run intel -- notifications add`');
      else
        out(
          formatTable(
            ['rule id', 'event', 'min severity', 'digest', 'on', 'channels', 'delivered', 'retrying', 'dead'],
            rules.map((r) => [
              r.rule_id,
              r.event,
              r.min_severity,
              r.digest,
              r.enabled ? 'yes' : 'no',
              r.channels
                .map((c) => `${c.kind} ${c.target} (≤TLP:${c.max_tlp.toUpperCase()}) ${c.id}`)
                .join('; '),
              r.delivered,
              r.failing,
              r.dead,
            ]),
          ),
        );
    } else if (sub === 'remove') {
      const removed = await removeNotification(db, positionals[0]!);
      out(
        values.json
          ? JSON.stringify({ removed, id: positionals[0] })
          : `removed ${removed} ${positionals[0]}`,
      );
    } else {
      const reports = await testNotification(
        db,
        resolveNotificationSettings({ workdir: values.workdir }),
        positionals[0]!,
      );
      for (const r of reports)
        out(
          values.json
            ? JSON.stringify({
                delivery_id: r.id,
                channel: r.channel,
                status: r.status,
                response_status: r.outcome?.status ?? null,
                error: r.outcome?.error ?? r.reason ?? null,
                response: r.outcome?.body ?? null,
                duration_ms: r.outcome?.durationMs ?? null,
              })
            : `${r.channel}: ${r.status}${r.outcome?.status ? ` (${r.outcome.status})` : ''}${r.outcome?.error ? `: ${r.outcome.error}` : ''}${r.outcome?.body ? `\n  response: ${r.outcome.body}` : ''}`,
        );
      return reports.every((r) => r.status === 'delivered') ? 0 : 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof NotificationInputError)
      throw new UsageError(`notifications ${sub}: ${error.message}`);
    throw error;
  } finally {
    await db.end();
  }
}
