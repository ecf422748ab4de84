/**
 * One client WebSocket speaking the Phoenix channel protocol as Supabase Realtime does. This file
 * is the socket (Phoenix's transport and channel process): it decodes frames, answers heartbeats,
 * runs each channel message in order, keeps the joined channels and closes them. What a message
 * does is decided by the handlers in channel/: join, broadcast, presence, token refresh and
 * postgres_changes. Bad input gets an error reply or is dropped; only malformed frames (which
 * would crash a Phoenix socket) close the connection.
 */
import type { WebSocket } from 'ws';
import { handleBinaryBroadcast, handleBroadcast } from './channel/broadcast.js';
import type {
  ChannelSocket,
  ConnectionDeps,
  JoinedChannel,
  ReplyStatus,
  ReplyTarget,
} from './channel/channel-socket.js';
import { joinChannel } from './channel/join.js';
import { handlePresence } from './channel/presence.js';
import { disarmTokenTimer, handleAccessToken } from './channel/token-refresh.js';
import {
  FrameError,
  decodeBinary,
  decodeText,
  encodeText,
  type BinaryBroadcastPush,
  type InboundMessage,
  type Vsn,
} from './frames.js';
import type { Channel } from './hub.js';
import type { VerifiedToken } from './tokens.js';

/** A sent frame waiting in the socket buffer beyond this means the client cannot keep up. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export class RealtimeConnection implements ChannelSocket {
  lastSeen = Date.now();
  private readonly channels = new Map<string, JoinedChannel>();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly socketToken: { token: string; verified: VerifiedToken },
    readonly deps: ConnectionDeps,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(data as Buffer, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  get channelCount(): number {
    return this.channels.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  channel(topic: string): JoinedChannel | undefined {
    return this.channels.get(topic);
  }

  adopt(channel: JoinedChannel): void {
    this.channels.set(channel.topic, channel);
  }

  sendText(text: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.ctx.log('warn', 'realtime client too slow; closing its socket');
      this.ws.close(1013, 'Client is not reading fast enough');
      return;
    }
    this.ws.send(text);
  }

  sendBinary(data: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(data, { binary: true });
  }

  push(channel: Channel, event: string, payload: unknown): void {
    this.sendText(encodeText(this.vsn, channel.joinRef, null, channel.topic, event, payload));
  }

  reply(to: ReplyTarget, status: ReplyStatus, response: unknown): void {
    this.sendText(encodeText(this.vsn, to.joinRef, to.ref, to.topic, 'phx_reply', { status, response }));
  }

  systemMessage(channel: Channel, extension: string, status: ReplyStatus, message: string): void {
    this.push(channel, 'system', { extension, status, message, channel: channel.name });
  }

  /** Closes the socket as a Phoenix socket would after it cannot decode a frame. */
  closeWith(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let message: InboundMessage | undefined;
    let binary: BinaryBroadcastPush | undefined;
    try {
      if (isBinary) {
        if (this.vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
        binary = decodeBinary(data);
      } else {
        message = decodeText(data.toString('utf8'), this.vsn);
      }
    } catch (error) {
      const reason = error instanceof FrameError ? error.message : 'malformed frame';
      this.deps.ctx.log('info', 'realtime closed a socket after a malformed frame', { reason });
      // 1007: invalid frame payload data. Other sockets are untouched.
      this.closeWith(1007, `Malformed message: ${reason}`.slice(0, 120));
      return;
    }
    if (message && message.topic === 'phoenix') {
      // Heartbeats skip the queue: a slow join must never delay them into a client timeout.
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    const work = binary ? () => this.onBinaryBroadcast(binary) : () => this.onMessage(message!);
    this.chain = this.chain.then(work).catch((error: unknown) => {
      this.deps.ctx.log('error', 'realtime message handling failed', {
        error: (error as Error).stack ?? String(error),
      });
    });
  }

  private async onMessage(msg: InboundMessage): Promise<void> {
    if (this.closed) return;
    if (msg.event === 'phx_join') return joinChannel(this, msg);
    const channel = this.channels.get(msg.topic);
    if (!channel) {
      if (msg.event === 'phx_leave') return this.reply(msg, 'ok', {});
      return this.reply(msg, 'error', { reason: 'unmatched topic' });
    }
    switch (msg.event) {
      case 'phx_leave':
        this.reply(msg, 'ok', {});
        this.leave(channel, true);
        return;
      case 'broadcast':
        return handleBroadcast(this, channel, msg);
      case 'presence':
        return handlePresence(this, channel, msg);
      case 'access_token':
        return handleAccessToken(this, channel, msg);
      default:
        // Supabase logs and ignores unexpected events.
        return;
    }
  }

  private async onBinaryBroadcast(push: BinaryBroadcastPush): Promise<void> {
    if (this.closed) return;
    const channel = this.channels.get(push.topic);
    if (!channel) return this.reply(push, 'error', { reason: 'unmatched topic' });
    handleBinaryBroadcast(this, channel, push);
  }

  leave(channel: JoinedChannel, notify: boolean): void {
    if (channel.closed) return;
    channel.closed = true;
    disarmTokenTimer(channel);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.deps.hub.remove(channel);
    if (notify) this.push(channel, 'phx_close', {});
  }

  shutdown(channel: JoinedChannel, message: string): void {
    this.systemMessage(channel, 'system', 'error', message);
    this.leave(channel, true);
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.leave(channel, false);
  }
}
