/**
 * A channel's token over its life: the timer that closes the channel when its token expires, and
 * `access_token` pushes that replace the token (Supabase's confirm_token and handle_in
 * "access_token"): verified, private-channel policies read again, bindings re-announced.
 */
import type { TopicPolicies } from '../authorization.js';
import type { InboundMessage } from '../frames.js';
import { RealtimeTokenError, verifyRealtimeToken, type VerifiedToken } from '../tokens.js';
import { isObject, type ChannelSocket, type JoinedChannel } from './channel-socket.js';
import { channelPolicies, permissions, subscriberIdentity } from './policies.js';
import { resubscribePostgresChanges } from './postgres-changes.js';

/** `setTimeout` cannot wait longer than ~24.8 days; token expiry is re-checked at most hourly. */
const MAX_TOKEN_TIMER_MS = 60 * 60 * 1000;

export function armTokenTimer(socket: ChannelSocket, channel: JoinedChannel, exp: number): void {
  if (channel.tokenTimer) clearTimeout(channel.tokenTimer);
  const delay = Math.min(MAX_TOKEN_TIMER_MS, Math.max(0, exp * 1000 - Date.now()));
  channel.tokenTimer = setTimeout(() => {
    if (channel.closed) return;
    if (exp * 1000 <= Date.now()) {
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      socket.shutdown(channel, `Token has expired ${ago} seconds ago`);
    } else armTokenTimer(socket, channel, exp);
  }, delay + 50);
  channel.tokenTimer.unref();
}

export function disarmTokenTimer(channel: JoinedChannel): void {
  if (channel.tokenTimer) clearTimeout(channel.tokenTimer);
}

/** A private channel keeps what it reads only while the new token may still read it. */
async function refreshedPolicies(
  socket: ChannelSocket,
  channel: JoinedChannel,
  verified: VerifiedToken,
): Promise<TopicPolicies | string> {
  const policies = await channelPolicies(socket.deps, verified, channel.name);
  if (policies instanceof Error) return 'Realtime was unable to connect to the project database';
  if (
    (channel.canReadBroadcast && !policies.broadcastRead) ||
    (channel.canReadPresence && !policies.presenceRead)
  ) {
    return `You no longer have permission to read from this Channel topic: ${channel.name}`;
  }
  return policies;
}

export async function handleAccessToken(
  socket: ChannelSocket,
  channel: JoinedChannel,
  msg: InboundMessage,
): Promise<void> {
  const payload = isObject(msg.payload) ? msg.payload : {};
  const token = payload.access_token;
  // Supabase ignores opaque keys, null and the token already in use.
  if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.accessToken)
    return;
  let verified: VerifiedToken;
  try {
    verified = await verifyRealtimeToken(token, socket.deps.ctx.secrets);
  } catch (error) {
    if (error instanceof RealtimeTokenError) return socket.shutdown(channel, error.message);
    throw error;
  }
  if (channel.closed) return;
  if (channel.isPrivate) {
    const policies = await refreshedPolicies(socket, channel, verified);
    if (typeof policies === 'string') return socket.shutdown(channel, policies);
    Object.assign(channel, permissions(policies));
  }
  channel.accessToken = token;
  Object.assign(channel, subscriberIdentity(verified));
  armTokenTimer(socket, channel, verified.claims.exp);
  resubscribePostgresChanges(socket, channel);
}
