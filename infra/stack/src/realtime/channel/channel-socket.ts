/**
 * The seam between a client socket and its channel handlers, drawn as Supabase Realtime draws
 * RealtimeChannel and its handlers: the socket (connection.ts) frames, queues and keeps the joined
 * channels; the handlers (join, broadcast, presence, postgres_changes, token refresh) decide what a
 * message does and answer through this interface.
 */
import type { GatewayContext } from '../../kernel/context.js';
import type { Catalog } from '../catalog.js';
import type { Channel, ChannelSink, Hub } from '../hub.js';
import type { VerifiedToken } from '../tokens.js';

export interface RealtimeLimits {
  /** Largest broadcast payload or presence meta, in bytes (JSON text or raw bytes). */
  maxPayloadBytes: number;
  maxChannelsPerSocket: number;
}

export interface ConnectionDeps {
  ctx: GatewayContext;
  hub: Hub;
  catalog: Catalog;
  limits: RealtimeLimits;
  /** Resolves true once the replication stream is up (false if it is not within a short wait). */
  replicationReady: () => Promise<boolean>;
}

export interface JoinedChannel extends Channel {
  accessToken: string;
  tokenTimer?: NodeJS.Timeout;
  closed: boolean;
}

/** Where a `phx_reply` goes: the push it answers. */
export interface ReplyTarget {
  joinRef: string | null;
  ref: string | null;
  topic: string;
}

export type ReplyStatus = 'ok' | 'error';

export interface ChannelSocket extends ChannelSink {
  readonly deps: ConnectionDeps;
  /** The key the socket connected with, verified (the token of channels that bring none). */
  readonly socketToken: { token: string; verified: VerifiedToken };
  /** True once the client has gone: a handler that awaited must not register anything after. */
  readonly isClosed: boolean;
  readonly channelCount: number;
  channel(topic: string): JoinedChannel | undefined;
  /** Makes a joined channel the socket's channel for its topic. */
  adopt(channel: JoinedChannel): void;
  reply(to: ReplyTarget, status: ReplyStatus, response: unknown): void;
  /** A server push on a joined channel (no ref: it answers nothing). */
  push(channel: Channel, event: string, payload: unknown): void;
  systemMessage(channel: Channel, extension: string, status: ReplyStatus, message: string): void;
  /** Removes a channel; `notify` sends `phx_close` (leave, replaced join, shutdown). */
  leave(channel: JoinedChannel, notify: boolean): void;
  /** Supabase's shutdown_response: a system error, then the channel closes. */
  shutdown(channel: JoinedChannel, message: string): void;
}

export function exceedsPayloadLimit(limits: RealtimeLimits, bytes: number): boolean {
  return bytes > limits.maxPayloadBytes;
}

export function payloadTooLargeReason(limits: RealtimeLimits): string {
  return `PayloadTooLarge: Payload size exceeded the limit of ${limits.maxPayloadBytes} bytes`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
