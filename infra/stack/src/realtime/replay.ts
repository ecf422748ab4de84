/**
 * Broadcast replay (`config.broadcast.replay: {since, limit?}` on a private channel): the messages
 * sent to the topic from the database (`realtime.send()`, stored in realtime.messages) since
 * `since` (epoch milliseconds), at most `limit` of them (1–25, default 25), the latest ones, sent
 * oldest first with `meta: {replayed: true, id}` right after the join. Read as the subscriber, so
 * the SELECT policies on realtime.messages decide row by row, as they decided the join.
 */
import type pg from 'pg';
import type { RoleSettings } from '../kernel/db.js';
import { quoteLiteral } from '../kernel/sql-text.js';
import { runRolledBack, subscriberSettingsSql } from './authorization.js';

export const MAX_REPLAY = 25;

export interface ReplayRequest {
  since: number;
  limit: number;
}

export interface ReplayedMessage {
  id: string;
  event: string;
  /** The stored payload (a JSON object) as JSON text. */
  payload: string;
}

/** The replay a join asks for; undefined when none; throws a reason a client can read when malformed. */
export function replayRequest(broadcastConfig: Record<string, unknown>): ReplayRequest | undefined {
  const replay = broadcastConfig.replay;
  if (replay === undefined || replay === null) return undefined;
  const { since, limit } = replay as { since?: unknown; limit?: unknown };
  // 8.64e15 ms is the latest time a JavaScript Date (and so a client) can name.
  if (typeof since !== 'number' || !Number.isFinite(since) || since < 0 || since > 8.64e15)
    throw new Error('replay needs `since`, a time in epoch milliseconds');
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1))
    throw new Error(`replay \`limit\` must be a whole number from 1 to ${MAX_REPLAY}`);
  return { since, limit: Math.min((limit as number | undefined) ?? MAX_REPLAY, MAX_REPLAY) };
}

export async function replayedMessages(
  pool: pg.Pool,
  roleSettings: RoleSettings,
  role: string,
  claims: Record<string, unknown>,
  topic: string,
  request: ReplayRequest,
): Promise<ReplayedMessage[]> {
  const text = [
    'BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY',
    subscriberSettingsSql(roleSettings, role, claims, topic),
    `SELECT id::text, event, payload::text FROM (
       SELECT m.id, coalesce(m.event, '') AS event, m.payload, m.inserted_at
         FROM realtime.messages m
        WHERE m.topic = ${quoteLiteral(topic)} AND m.extension = 'broadcast' AND m.private
          AND m.payload IS NOT NULL AND jsonb_typeof(m.payload) = 'object'
          AND m.inserted_at >= to_timestamp(${request.since} / 1000.0)
        ORDER BY m.inserted_at DESC LIMIT ${request.limit}) latest
     ORDER BY inserted_at`,
    'ROLLBACK',
  ].join(';\n');
  const results = await runRolledBack(pool, text);
  return (results[2]?.rows ?? []) as ReplayedMessage[];
}
