/**
 * `phx_join` (Supabase's RealtimeChannel.join): the topic and the socket's channel limit, then
 * admission (token, private-channel policies, replay request), then the channel is opened and its
 * handlers start: presence state, replayed broadcasts, the token timer, postgres_changes. A refused
 * join is one error reply with Supabase's reason; nothing is registered.
 */
import type { TopicPolicies } from '../authorization.js';
import type { InboundMessage } from '../frames.js';
import { topicKey } from '../hub.js';
import { RealtimeTokenError, verifyRealtimeToken, type VerifiedToken } from '../tokens.js';
import { replayBroadcasts } from './broadcast.js';
import type { ChannelSocket, JoinedChannel } from './channel-socket.js';
import { parseJoinPayload, type JoinPayload } from './join-payload.js';
import { channelPolicies, permissions, PUBLIC_POLICIES, subscriberIdentity } from './policies.js';
import { announcePostgresChanges, subscribePostgresChanges, type Subscription } from './postgres-changes.js';
import { pushPresenceState } from './presence.js';
import { armTokenTimer } from './token-refresh.js';

const TOPIC_PREFIX = 'realtime:';

interface Admission {
  token: string;
  verified: VerifiedToken;
  policies: TopicPolicies;
}

type Refusal = { reason: string };

/** The channel's token: its own if it brought one, else the socket's, checked for expiry again. */
async function verifiedToken(
  socket: ChannelSocket,
  join: JoinPayload,
): Promise<Pick<Admission, 'token' | 'verified'> | Refusal> {
  const { socketToken } = socket;
  const token = join.accessToken ?? socketToken.token;
  try {
    let verified =
      token === socketToken.token
        ? socketToken.verified
        : await verifyRealtimeToken(token, socket.deps.ctx.secrets);
    // The socket's key may have expired since the upgrade.
    if (verified.claims.exp <= Math.floor(Date.now() / 1000))
      verified = await verifyRealtimeToken(token, socket.deps.ctx.secrets);
    return { token, verified };
  } catch (error) {
    if (error instanceof RealtimeTokenError) return { reason: error.reason };
    throw error;
  }
}

/** What realtime.messages' policies let this token do on a private topic; it must read something. */
async function privatePolicies(
  socket: ChannelSocket,
  verified: VerifiedToken,
  name: string,
): Promise<TopicPolicies | Refusal> {
  const policies = await channelPolicies(socket.deps, verified, name);
  if (policies instanceof Error) {
    socket.deps.ctx.log('warn', 'realtime could not read channel policies', { error: policies.message });
    return { reason: 'UnableToSetPolicies: Realtime was unable to connect to the project database' };
  }
  if (!policies.broadcastRead && !policies.presenceRead) {
    return { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}` };
  }
  return policies;
}

async function admit(socket: ChannelSocket, join: JoinPayload, name: string): Promise<Admission | Refusal> {
  const token = await verifiedToken(socket, join);
  if ('reason' in token) return token;
  let policies = PUBLIC_POLICIES;
  if (join.isPrivate) {
    const read = await privatePolicies(socket, token.verified, name);
    if ('reason' in read) return read;
    policies = read;
  }
  if (join.replayRefusal) return { reason: join.replayRefusal };
  return { ...token, policies };
}

function openChannel(
  socket: ChannelSocket,
  msg: InboundMessage,
  name: string,
  join: JoinPayload,
  admission: Admission,
): JoinedChannel {
  return {
    sink: socket,
    topic: msg.topic,
    name,
    topicKey: topicKey(name, join.isPrivate),
    joinRef: msg.joinRef ?? msg.ref,
    isPrivate: join.isPrivate,
    selfBroadcast: join.selfBroadcast,
    ackBroadcast: join.ackBroadcast,
    presenceEnabled: join.presenceEnabled,
    presenceKey: join.presenceKey,
    ...permissions(admission.policies),
    ...subscriberIdentity(admission.verified),
    bindings: [],
    accessToken: admission.token,
    closed: false,
  };
}

/** Why the socket cannot take this topic; undefined when it can (a same-topic channel is replaced). */
function topicRefusal(socket: ChannelSocket, topic: string): string | undefined {
  if (!topic.startsWith(TOPIC_PREFIX)) return 'unmatched topic';
  if (topic === TOPIC_PREFIX) return 'TopicNameRequired: You must provide a topic name';
  const existing = socket.channel(topic);
  // A second join of the same topic replaces the first (Phoenix closes the old channel).
  if (existing) socket.leave(existing, true);
  if (socket.channelCount >= socket.deps.limits.maxChannelsPerSocket) {
    return 'ChannelRateLimitReached: Too many channels';
  }
  return undefined;
}

export async function joinChannel(socket: ChannelSocket, msg: InboundMessage): Promise<void> {
  const refused = topicRefusal(socket, msg.topic);
  if (refused) return socket.reply(msg, 'error', { reason: refused });
  const name = msg.topic.slice(TOPIC_PREFIX.length);
  const join = parseJoinPayload(msg.payload);
  const admission = await admit(socket, join, name);
  if ('reason' in admission) return socket.reply(msg, 'error', { reason: admission.reason });

  const channel = openChannel(socket, msg, name, join, admission);
  const subscription: Subscription =
    join.postgresChanges.length > 0
      ? await subscribePostgresChanges(socket, channel, join.postgresChanges)
      : { bindings: [], error: undefined };
  if (socket.isClosed) return;
  const { hub } = socket.deps;
  // Registered before the reply, so a change made right after SUBSCRIBED is not missed.
  hub.setBindings(channel, subscription.bindings);
  socket.adopt(channel);
  hub.add(channel);
  socket.reply(msg, 'ok', { postgres_changes: join.postgresChanges });
  if (channel.presenceEnabled && channel.canReadPresence) pushPresenceState(socket, channel);
  if (join.replay && channel.canReadBroadcast) await replayBroadcasts(socket, channel, join.replay);
  armTokenTimer(socket, channel, admission.verified.claims.exp);
  if (join.postgresChanges.length > 0) void announcePostgresChanges(socket, channel, subscription.error);
}
