/**
 * Presence on a channel (Supabase's PresenceHandler): track and untrack, each answered, with the
 * diff pushed to the topic and the whole state to a channel that starts to see presence.
 */
import type { InboundMessage } from '../frames.js';
import { exceedsPayloadLimit, isObject, type ChannelSocket, type JoinedChannel } from './channel-socket.js';
import { writeDenied } from './policies.js';

export function pushPresenceState(socket: ChannelSocket, channel: JoinedChannel): void {
  socket.push(channel, 'presence_state', socket.deps.hub.presence.state(channel.topicKey));
}

function track(socket: ChannelSocket, channel: JoinedChannel, msg: InboundMessage, meta: unknown): void {
  const { hub, limits } = socket.deps;
  if (!isObject(meta)) return socket.reply(msg, 'error', { reason: 'Presence track payload must be a map' });
  if (exceedsPayloadLimit(limits, Buffer.byteLength(JSON.stringify(meta))))
    return socket.shutdown(channel, 'Track message size exceeded');
  if (!channel.canWritePresence)
    return socket.reply(msg, 'error', { reason: writeDenied(channel, 'track presence on') });
  const wasEnabled = channel.presenceEnabled;
  channel.presenceEnabled = true;
  const diff = hub.presence.track(channel.topicKey, channel, meta);
  socket.reply(msg, 'ok', {});
  // Tracking is what enabled presence here: this client has not seen the state yet.
  if (!wasEnabled && channel.canReadPresence) pushPresenceState(socket, channel);
  hub.presenceDiff(channel.topicKey, channel.topic, diff);
}

function untrack(socket: ChannelSocket, channel: JoinedChannel, msg: InboundMessage): void {
  const { hub } = socket.deps;
  const diff = hub.presence.untrack(channel.topicKey, channel);
  socket.reply(msg, 'ok', {});
  if (diff) hub.presenceDiff(channel.topicKey, channel.topic, diff);
}

export function handlePresence(socket: ChannelSocket, channel: JoinedChannel, msg: InboundMessage): void {
  const payload = isObject(msg.payload) ? msg.payload : {};
  if (payload.event === 'track') return track(socket, channel, msg, payload.payload ?? {});
  if (payload.event === 'untrack') return untrack(socket, channel, msg);
  socket.reply(msg, 'error', { reason: 'Presence event must be track or untrack' });
}
