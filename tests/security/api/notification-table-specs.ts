/**
 * The access matrix's probes for notifications: administrators with MFA read every channel, rule,
 * delivery and attempt; a user reads only their own (the suite's personas own none, so they see
 * nothing); nobody but the service role writes the tables through REST (administrators go through
 * the checked RPCs, analysts through notify_me). Webhook secrets live in the private schema, which
 * the API does not expose. Victim rows are owned by the suite's victim user, named after the run;
 * removing the run's channels and rules removes their links, deliveries and attempts.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function notificationTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const seeded = { channelId: '', ruleId: '', deliveryId: 0, attemptId: 0, spareChannelId: '' };
  const prefix = `security-suite ${runId}`;
  const channelRow = () => ({
    name: `${prefix} ${randomUUID().slice(0, 8)}`,
    kind: 'email',
    target: `victim-${runId}@example.org`,
    owner_id: victimId(),
  });
  const ruleRow = () => ({
    name: `${prefix} ${randomUUID().slice(0, 8)}`,
    event_kind: 'alert',
    owner_id: victimId(),
  });
  const deliveryRow = () => ({
    rule_id: seeded.ruleId,
    channel_id: seeded.channelId,
    event_key: `suite:${runId}:${randomUUID()}`,
    event_kind: 'alert',
    event: { suite: runId },
  });
  const attemptRow = () => ({
    delivery_id: seeded.deliveryId,
    duration_ms: 1,
    delivered: false,
    error: 'suite',
  });
  const newChannel = async () => String((await insert('notification_channels', channelRow())).id);
  const newRule = async () => String((await insert('notification_rules', ruleRow())).id);
  const newDelivery = async () => Number((await insert('notification_deliveries', deliveryRow())).id);
  const newAttempt = async () => Number((await insert('notification_attempts', attemptRow())).id);
  const newLink = async () => {
    const [rule, channel] = [await newRule(), await newChannel()];
    await insert('notification_rule_channels', { rule_id: rule, channel_id: channel });
    return `rule_id=eq.${rule}&channel_id=eq.${channel}`;
  };

  async function seed(): Promise<void> {
    seeded.channelId = await newChannel();
    seeded.spareChannelId = await newChannel();
    seeded.ruleId = await newRule();
    await insert('notification_rule_channels', { rule_id: seeded.ruleId, channel_id: seeded.channelId });
    seeded.deliveryId = await newDelivery();
    seeded.attemptId = await newAttempt();
  }

  const specs = {
    notification_channels: {
      victimFilter: async () => `id=eq.${seeded.channelId}`,
      newRow: channelRow,
      patch: { target: 'attacker@example.org' },
      seedForDelete: async () => `id=eq.${await newChannel()}`,
    },
    notification_rules: {
      victimFilter: async () => `id=eq.${seeded.ruleId}`,
      newRow: ruleRow,
      patch: { enabled: false },
      seedForDelete: async () => `id=eq.${await newRule()}`,
    },
    notification_rule_channels: {
      victimFilter: async () => `rule_id=eq.${seeded.ruleId}`,
      // Only the service role's insert succeeds, once: the spare channel is not linked yet.
      newRow: () => ({ rule_id: seeded.ruleId, channel_id: seeded.spareChannelId }),
      // The same value: a harmless change the primary key accepts (read when the probe runs).
      get patch() {
        return { rule_id: seeded.ruleId };
      },
      seedForDelete: newLink,
    },
    notification_deliveries: {
      victimFilter: async () => `id=eq.${seeded.deliveryId}`,
      newRow: deliveryRow,
      patch: { status: 'pending' },
      seedForDelete: async () => `id=eq.${await newDelivery()}`,
    },
    notification_attempts: {
      victimFilter: async () => `id=eq.${seeded.attemptId}`,
      newRow: attemptRow,
      patch: { error: 'patched' },
      seedForDelete: async () => `id=eq.${await newAttempt()}`,
    },
  } satisfies Record<string, IntelSpec>;

  const cleanUp = async (remove: Remove) => {
    await remove('notification_rules', `name=like.${encodeURIComponent(`${prefix}*`)}`);
    await remove('notification_channels', `name=like.${encodeURIComponent(`${prefix}*`)}`);
  };
  return { specs, seed, cleanUp };
}
