/**
 * Broadcast on a channel (Supabase's BroadcastHandler): a client's JSON or binary (kind-3) push
 * fanned out to the topic, answered only when the channel asked for acks, and the stored messages
 * a private join asked to replay.
 */
import type { BinaryBroadcastPush, InboundMessage } from '../frames.js';
import { BroadcastMessage } from '../hub.js';
import { replayedMessages, type ReplayRequest } from '../replay.js';
import {
  exceedsPayloadLimit,
  isObject,
  payloadTooLargeReason,
  type ChannelSocket,
  type JoinedChannel,
  type ReplyTarget,
} from './channel-socket.js';
import { writeDenied } from './policies.js';

/** Why the channel may not send this many bytes; undefined when it may. */
function refusal(socket: ChannelSocket, channel: JoinedChannel, bytes: number): string | undefined {
  if (exceedsPayloadLimit(socket.deps.limits, bytes)) return payloadTooLargeReason(socket.deps.limits);
  if (!channel.canWriteBroadcast) return writeDenied(channel, 'send broadcasts to');
  return undefined;
}

function send(
  socket: ChannelSocket,
  channel: JoinedChannel,
  to: ReplyTarget,
  message: BroadcastMessage,
): void {
  socket.deps.hub.broadcast(channel.topicKey, message, channel);
  if (channel.ackBroadcast) socket.reply(to, 'ok', {});
}

export function handleBroadcast(socket: ChannelSocket, channel: JoinedChannel, msg: InboundMessage): void {
  const payload = msg.payload;
  if (!isObject(payload) || typeof payload.event !== 'string') {
    if (channel.ackBroadcast)
      socket.reply(msg, 'error', { reason: 'Broadcast payload must be {type, event, payload}' });
    return;
  }
  const payloadJson = JSON.stringify(payload);
  const reason = refusal(socket, channel, Buffer.byteLength(payloadJson));
  if (reason) {
    if (channel.ackBroadcast) socket.reply(msg, 'error', { reason });
    return;
  }
  const body = { encoding: 'json' as const, json: JSON.stringify(payload.payload ?? {}) };
  send(socket, channel, msg, new BroadcastMessage(channel.topic, payload.event, body, '', payloadJson));
}

export function handleBinaryBroadcast(
  socket: ChannelSocket,
  channel: JoinedChannel,
  push: BinaryBroadcastPush,
): void {
  const to: ReplyTarget = { joinRef: push.joinRef, ref: push.ref, topic: push.topic };
  const size = push.body.encoding === 'json' ? Buffer.byteLength(push.body.json) : push.body.bytes.length;
  const reason = refusal(socket, channel, size);
  if (reason) {
    if (channel.ackBroadcast) socket.reply(to, 'error', { reason });
    return;
  }
  send(socket, channel, to, new BroadcastMessage(channel.topic, push.userEvent, push.body, push.meta));
}

/** Sends the stored messages a private join asked to replay; a failure is logged, the join stands. */
export async function replayBroadcasts(
  socket: ChannelSocket,
  channel: JoinedChannel,
  request: ReplayRequest,
): Promise<void> {
  const { pools, roleSettings, log } = socket.deps.ctx;
  try {
    const messages = await replayedMessages(
      pools.api,
      roleSettings,
      channel.role,
      channel.claims,
      channel.name,
      request,
    );
    if (channel.closed) return;
    for (const m of messages) {
      const body = {
        encoding: 'json' as const,
        json: JSON.stringify({ ...JSON.parse(m.payload), id: m.id }),
      };
      new BroadcastMessage(
        channel.topic,
        m.event,
        body,
        JSON.stringify({ replayed: true, id: m.id }),
      ).deliver(socket);
    }
  } catch (error) {
    log('warn', 'realtime could not replay broadcast messages', { error: (error as Error).message });
  }
}
