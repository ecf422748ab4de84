/**
 * The `phx_join` payload, read once into a typed value (Supabase's Payloads.Join). Realtime is
 * lenient as Supabase is: a field of the wrong type takes its default rather than failing the
 * join. The one field that can refuse a join, a malformed replay request, is read here but
 * refused by the join in its turn, after the token and the policies.
 */
import { randomUUID } from 'node:crypto';
import { replayRequest, type ReplayRequest } from '../replay.js';
import { isObject } from './channel-socket.js';

export interface JoinPayload {
  /** The channel's own token (`access_token`, or older clients' `user_token`); undefined: the socket's. */
  accessToken: string | undefined;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  /** Only private channels have stored messages to replay (realtime-js refuses it on public ones). */
  replay: ReplayRequest | undefined;
  /** Why the replay request cannot be served, as the join's error reason. */
  replayRefusal: string | undefined;
  presenceEnabled: boolean;
  presenceKey: string;
  /** The requested postgres_changes, each with its id, as the join reply echoes them. */
  postgresChanges: Record<string, unknown>[];
}

/** A stable small integer per binding (Supabase uses `phash2(params)`); the client routes on it. */
export function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 134_217_728;
}

function offeredToken(payload: Record<string, unknown>): string | undefined {
  const offered = payload.access_token ?? payload.user_token;
  // Opaque keys cannot be verified per channel: such a channel keeps the socket's key.
  return typeof offered === 'string' && offered !== '' && !offered.startsWith('sb_') ? offered : undefined;
}

function replayOf(
  isPrivate: boolean,
  broadcast: Record<string, unknown>,
): Pick<JoinPayload, 'replay' | 'replayRefusal'> {
  if (!isPrivate) return { replay: undefined, replayRefusal: undefined };
  try {
    return { replay: replayRequest(broadcast), replayRefusal: undefined };
  } catch (error) {
    return { replay: undefined, replayRefusal: `UnableToReplayMessages: ${(error as Error).message}` };
  }
}

export function parseJoinPayload(raw: unknown): JoinPayload {
  const payload = isObject(raw) ? raw : {};
  const config = isObject(payload.config) ? payload.config : {};
  const isPrivate = config.private === true;
  const broadcast = isObject(config.broadcast) ? config.broadcast : {};
  const presence = isObject(config.presence) ? config.presence : {};
  const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
  return {
    accessToken: offeredToken(payload),
    isPrivate,
    selfBroadcast: broadcast.self === true,
    ackBroadcast: broadcast.ack === true,
    ...replayOf(isPrivate, broadcast),
    // realtime-js sends `enabled`; older clients that do not get presence as before.
    presenceEnabled: presence.enabled !== false,
    presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
    postgresChanges: requested.map((params) => {
      const p = isObject(params) ? params : {};
      return { ...p, id: bindingId(p) };
    }),
  };
}
