/**
 * The Supabase realtime protocol (Phoenix channels, vsn 1.0.0 JSON objects — see
 * /work/shared/reference/supabase-api.md §4): join `realtime:<channel>` with a postgres_changes
 * binding and the user's token, heartbeat on `phoenix` every 25 s, changes arrive as
 * `postgres_changes` events whose `data.record` is the row.
 */
import { BASE_URL, ANON_KEY } from './env.ts';

export const HEARTBEAT_MS = 25_000;

export function socketUrl(): string {
  return `${BASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(ANON_KEY)}&vsn=1.0.0`;
}

export interface PhoenixMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref?: string | null;
}

export function joinMessage(channel: string, table: string, token: string, ref: string): string {
  return JSON.stringify({
    topic: `realtime:${channel}`,
    event: 'phx_join',
    ref,
    join_ref: ref,
    payload: {
      config: {
        broadcast: { ack: false, self: false },
        presence: { key: '', enabled: false },
        postgres_changes: [{ event: 'INSERT', schema: 'public', table }],
        private: false,
      },
      access_token: token,
    },
  });
}

export function heartbeatMessage(ref: string): string {
  return JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref });
}

export function parseMessage(data: unknown): PhoenixMessage | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as PhoenixMessage;
  } catch {
    return null;
  }
}
