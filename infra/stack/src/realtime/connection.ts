/**
 * One client WebSocket speaking the Phoenix channel protocol as Supabase Realtime does: joins with
 * token checks, private-channel policies and postgres_changes bindings, leaves, heartbeats, token
 * refresh, broadcast (JSON and binary kind-3 frames) and presence. Bad input gets an error reply or
 * is dropped; only malformed frames (which would crash a Phoenix socket) close the connection.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { GatewayContext } from '../gateway/context.js';
import { topicPolicies, type TopicPolicies } from './authorization.js';
import type { Catalog } from './catalog.js';
import { FilterError, parseFilter, typeFamily, validateCondition, type FilterCondition } from './filters.js';
import {
  FrameError,
  decodeBinary,
  decodeText,
  encodeText,
  type BinaryBroadcastPush,
  type InboundMessage,
  type Vsn,
} from './frames.js';
import {
  BroadcastMessage,
  topicKey,
  type Channel,
  type ChannelSink,
  type Hub,
  type PgBinding,
  type PgEvent,
} from './hub.js';
import { RealtimeTokenError, verifyRealtimeToken, type VerifiedToken } from './tokens.js';
import { replayedMessages, replayRequest, type ReplayRequest } from './replay.js';

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

/** A sent frame waiting in the socket buffer beyond this means the client cannot keep up. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** `setTimeout` cannot wait longer than ~24.8 days; token expiry is re-checked at most hourly. */
const MAX_TOKEN_TIMER_MS = 60 * 60 * 1000;
const PG_EVENTS = new Set<PgEvent>(['*', 'INSERT', 'UPDATE', 'DELETE']);

interface JoinedChannel extends Channel {
  accessToken: string;
  tokenTimer?: NodeJS.Timeout;
  closed: boolean;
}

/** A binding's `select`: undefined when absent, null when it is not a list of column names. */
function selectedColumns(select: unknown): ReadonlySet<string> | undefined | null {
  if (select === undefined || select === null) return undefined;
  if (!Array.isArray(select) || select.length === 0) return null;
  if (!select.every((c) => typeof c === 'string' && c !== '')) return null;
  return new Set(select as string[]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

export class RealtimeConnection implements ChannelSink {
  lastSeen = Date.now();
  private readonly channels = new Map<string, JoinedChannel>();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The key the socket connected with, verified (the token of channels that bring none). */
    private readonly socketToken: { token: string; verified: VerifiedToken },
    private readonly deps: ConnectionDeps,
  ) {
    ws.on('message', (data, isBinary) => this.onFrame(data as Buffer, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  get channelCount(): number {
    return this.channels.size;
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

  private push(
    joinRef: string | null,
    ref: string | null,
    topic: string,
    event: string,
    payload: unknown,
  ): void {
    this.sendText(encodeText(this.vsn, joinRef, ref, topic, event, payload));
  }

  private reply(
    msg: { joinRef: string | null; ref: string | null; topic: string },
    status: 'ok' | 'error',
    response: unknown,
  ): void {
    this.push(msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response });
  }

  private systemMessage(channel: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    this.push(channel.joinRef, null, channel.topic, 'system', {
      extension,
      status,
      message,
      channel: channel.name,
    });
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
    if (msg.event === 'phx_join') return this.join(msg);
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
        return this.onJsonBroadcast(channel, msg);
      case 'presence':
        return this.onPresence(channel, msg);
      case 'access_token':
        return this.onAccessToken(channel, msg);
      default:
        // Supabase logs and ignores unexpected events.
        return;
    }
  }

  // ---- join / leave -----------------------------------------------------------------------

  private async join(msg: InboundMessage): Promise<void> {
    const { topic } = msg;
    if (!topic.startsWith('realtime:')) return this.reply(msg, 'error', { reason: 'unmatched topic' });
    const name = topic.slice('realtime:'.length);
    if (name === '')
      return this.reply(msg, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const existing = this.channels.get(topic);
    // A second join of the same topic replaces the first (Phoenix closes the old channel).
    if (existing) this.leave(existing, true);
    if (this.channels.size >= this.deps.limits.maxChannelsPerSocket) {
      return this.reply(msg, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }
    const payload = isObject(msg.payload) ? msg.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    const offered = payload.access_token ?? payload.user_token;
    const token =
      typeof offered === 'string' && offered !== '' && !offered.startsWith('sb_')
        ? offered
        : this.socketToken.token;

    let verified: VerifiedToken;
    try {
      verified =
        token === this.socketToken.token
          ? this.socketToken.verified
          : await verifyRealtimeToken(token, this.deps.ctx.secrets);
      // The socket's key may have expired since the upgrade.
      if (verified.claims.exp <= Math.floor(Date.now() / 1000))
        verified = await verifyRealtimeToken(token, this.deps.ctx.secrets);
    } catch (error) {
      if (error instanceof RealtimeTokenError) return this.reply(msg, 'error', { reason: error.reason });
      throw error;
    }

    const isPrivate = config.private === true;
    let policies: TopicPolicies = {
      broadcastRead: true,
      presenceRead: true,
      broadcastWrite: true,
      presenceWrite: true,
    };
    if (isPrivate) {
      try {
        policies = await this.policies(verified, name);
      } catch (error) {
        this.deps.ctx.log('warn', 'realtime could not read channel policies', {
          error: (error as Error).message,
        });
        return this.reply(msg, 'error', {
          reason: 'UnableToSetPolicies: Realtime was unable to connect to the project database',
        });
      }
      if (!policies.broadcastRead && !policies.presenceRead) {
        return this.reply(msg, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
        });
      }
    }

    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    let replay: ReplayRequest | undefined;
    try {
      // Only private channels have stored messages to replay (realtime-js refuses it on public ones).
      replay = isPrivate ? replayRequest(broadcast) : undefined;
    } catch (error) {
      return this.reply(msg, 'error', { reason: `UnableToReplayMessages: ${(error as Error).message}` });
    }
    const presence = isObject(config.presence) ? config.presence : {};
    const presenceKey = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID();
    const channel: JoinedChannel = {
      sink: this,
      topic,
      name,
      topicKey: topicKey(name, isPrivate),
      joinRef: msg.joinRef ?? msg.ref,
      isPrivate,
      selfBroadcast: broadcast.self === true,
      ackBroadcast: broadcast.ack === true,
      // realtime-js sends `enabled`; older clients that do not get presence as before.
      presenceEnabled: presence.enabled !== false,
      presenceKey,
      canReadBroadcast: policies.broadcastRead,
      canReadPresence: policies.presenceRead,
      canWriteBroadcast: policies.broadcastWrite,
      canWritePresence: policies.presenceWrite,
      role: verified.role,
      claims: verified.claims,
      claimsKey: `${verified.role}\0${JSON.stringify(verified.claims)}`,
      bindings: [],
      accessToken: token,
      closed: false,
    };

    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const echo = requested.map((params) => {
      const p = isObject(params) ? params : {};
      return { ...p, id: bindingId(p) };
    });
    let bindingsError: string | undefined;
    let bindings: PgBinding[] = [];
    if (requested.length > 0) {
      try {
        bindings = await this.buildBindings(channel, echo);
      } catch (error) {
        if (!(error instanceof FilterError)) throw error;
        bindingsError = error.message;
      }
    }
    if (this.closed) return;
    // Registered before the reply, so a change made right after SUBSCRIBED is not missed.
    this.deps.hub.setBindings(channel, bindings);
    this.channels.set(topic, channel);
    this.deps.hub.add(channel);
    this.reply(msg, 'ok', { postgres_changes: echo });
    if (channel.presenceEnabled && channel.canReadPresence) {
      this.push(
        channel.joinRef,
        null,
        topic,
        'presence_state',
        this.deps.hub.presence.state(channel.topicKey),
      );
    }
    if (replay && channel.canReadBroadcast) await this.replay(channel, replay);
    this.armTokenTimer(channel, verified.claims.exp);
    if (requested.length > 0) void this.announcePostgres(channel, bindingsError);
  }

  /** Sends the stored messages a private join asked to replay; a failure is logged, the join stands. */
  private async replay(channel: JoinedChannel, request: ReplayRequest): Promise<void> {
    const { pools, roleSettings, log } = this.deps.ctx;
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
        ).deliver(this);
      }
    } catch (error) {
      log('warn', 'realtime could not replay broadcast messages', { error: (error as Error).message });
    }
  }

  private policies(verified: VerifiedToken, name: string): Promise<TopicPolicies> {
    const { pools, roleSettings } = this.deps.ctx;
    return topicPolicies(pools.api, roleSettings, verified.role, verified.claims, name);
  }

  /** Validates the requested bindings against the catalog (tables and filter columns must exist). */
  private async buildBindings(channel: Channel, echo: Record<string, unknown>[]): Promise<PgBinding[]> {
    const bindings: PgBinding[] = [];
    for (const params of echo) {
      const describe = `[event: ${String(params.event)}, schema: ${String(params.schema)}, table: ${String(params.table ?? '*')}, filters: ${String(params.filter ?? '')}]`;
      const unable = (why: string) =>
        new FilterError(
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe} (${why})`,
        );
      const event = typeof params.event === 'string' ? params.event.toUpperCase() : '';
      if (!PG_EVENTS.has(event as PgEvent)) throw unable('event must be *, INSERT, UPDATE or DELETE');
      const schema = typeof params.schema === 'string' && params.schema !== '' ? params.schema : undefined;
      if (!schema) throw unable('schema is required');
      const table = typeof params.table === 'string' && params.table !== '' ? params.table : undefined;
      let filter: FilterCondition[];
      try {
        filter = parseFilter(typeof params.filter === 'string' ? params.filter : undefined);
      } catch (error) {
        throw unable((error as Error).message);
      }
      const wildcard = table === undefined || table === '*';
      if (wildcard && filter.length > 0) throw unable('filters need a table');
      const select = selectedColumns(params.select);
      if (select === null) throw unable('select must be a list of column names');
      if (wildcard && select) throw unable('select needs a table');
      if (!wildcard) {
        const relation = await this.deps.catalog.relationByName(schema, table);
        if (!relation) throw unable(`table ${schema}.${table} does not exist`);
        for (const name of select ?? []) {
          if (!relation.byName.has(name)) throw unable(`column ${name} does not exist`);
        }
        for (const condition of filter) {
          const column = relation.byName.get(condition.column);
          if (!column) throw unable(`column ${condition.column} does not exist`);
          try {
            validateCondition(condition, typeFamily(column.base));
          } catch (error) {
            throw unable((error as Error).message);
          }
        }
      }
      bindings.push({
        id: params.id as number,
        event: event as PgEvent,
        schema,
        table,
        filter,
        select,
        channel,
      });
    }
    return bindings;
  }

  /** The system message subscribers wait for (web app health checks want it within 2 s). */
  private async announcePostgres(channel: JoinedChannel, bindingsError: string | undefined): Promise<void> {
    if (bindingsError) return this.systemMessage(channel, 'postgres_changes', 'error', bindingsError);
    const ready = await this.deps.replicationReady();
    if (channel.closed) return;
    if (ready) this.systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    else {
      this.systemMessage(
        channel,
        'postgres_changes',
        'error',
        'RealtimeDisabledForConfiguration: the replication stream is not connected; changes are delivered once it is',
      );
    }
  }

  /** Removes a channel; `notify` sends `phx_close` (leave, replaced join, shutdown). */
  private leave(channel: JoinedChannel, notify: boolean): void {
    if (channel.closed) return;
    channel.closed = true;
    if (channel.tokenTimer) clearTimeout(channel.tokenTimer);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.deps.hub.remove(channel);
    if (notify) this.push(channel.joinRef, null, channel.topic, 'phx_close', {});
  }

  /** Supabase's shutdown_response: a system error, then the channel closes. */
  private shutdown(channel: JoinedChannel, message: string): void {
    this.systemMessage(channel, 'system', 'error', message);
    this.leave(channel, true);
  }

  private armTokenTimer(channel: JoinedChannel, exp: number): void {
    if (channel.tokenTimer) clearTimeout(channel.tokenTimer);
    const delay = Math.min(MAX_TOKEN_TIMER_MS, Math.max(0, exp * 1000 - Date.now()));
    channel.tokenTimer = setTimeout(() => {
      if (channel.closed) return;
      if (exp * 1000 <= Date.now()) {
        const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
        this.shutdown(channel, `Token has expired ${ago} seconds ago`);
      } else this.armTokenTimer(channel, exp);
    }, delay + 50);
    channel.tokenTimer.unref();
  }

  private async onAccessToken(channel: JoinedChannel, msg: InboundMessage): Promise<void> {
    const payload = isObject(msg.payload) ? msg.payload : {};
    const token = payload.access_token;
    // Supabase ignores opaque keys, null and the token already in use.
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.accessToken)
      return;
    let verified: VerifiedToken;
    try {
      verified = await verifyRealtimeToken(token, this.deps.ctx.secrets);
    } catch (error) {
      if (error instanceof RealtimeTokenError) return this.shutdown(channel, error.message);
      throw error;
    }
    if (channel.closed) return;
    if (channel.isPrivate) {
      let policies: TopicPolicies;
      try {
        policies = await this.policies(verified, channel.name);
      } catch {
        return this.shutdown(channel, 'Realtime was unable to connect to the project database');
      }
      if (
        (channel.canReadBroadcast && !policies.broadcastRead) ||
        (channel.canReadPresence && !policies.presenceRead)
      ) {
        return this.shutdown(
          channel,
          `You no longer have permission to read from this Channel topic: ${channel.name}`,
        );
      }
      channel.canReadBroadcast = policies.broadcastRead;
      channel.canReadPresence = policies.presenceRead;
      channel.canWriteBroadcast = policies.broadcastWrite;
      channel.canWritePresence = policies.presenceWrite;
    }
    channel.accessToken = token;
    channel.role = verified.role;
    channel.claims = verified.claims;
    channel.claimsKey = `${verified.role}\0${JSON.stringify(verified.claims)}`;
    this.armTokenTimer(channel, verified.claims.exp);
    // Supabase re-subscribes postgres_changes with the new claims and says so again.
    if (channel.bindings.length > 0)
      this.systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
  }

  // ---- broadcast ----------------------------------------------------------------------------

  private tooLarge(bytes: number): boolean {
    return bytes > this.deps.limits.maxPayloadBytes;
  }

  private onJsonBroadcast(channel: JoinedChannel, msg: InboundMessage): void {
    const payload = msg.payload;
    if (!isObject(payload) || typeof payload.event !== 'string') {
      if (channel.ackBroadcast)
        this.reply(msg, 'error', { reason: 'Broadcast payload must be {type, event, payload}' });
      return;
    }
    const payloadJson = JSON.stringify(payload);
    if (this.tooLarge(Buffer.byteLength(payloadJson))) {
      if (channel.ackBroadcast) this.reply(msg, 'error', { reason: this.payloadTooLargeReason() });
      return;
    }
    if (!channel.canWriteBroadcast) {
      if (channel.ackBroadcast)
        this.reply(msg, 'error', { reason: this.writeDenied(channel, 'send broadcasts to') });
      return;
    }
    const body = { encoding: 'json' as const, json: JSON.stringify(payload.payload ?? {}) };
    this.deps.hub.broadcast(
      channel.topicKey,
      new BroadcastMessage(channel.topic, payload.event, body, '', payloadJson),
      channel,
    );
    if (channel.ackBroadcast) this.reply(msg, 'ok', {});
  }

  private async onBinaryBroadcast(push: BinaryBroadcastPush): Promise<void> {
    if (this.closed) return;
    const channel = this.channels.get(push.topic);
    const ref = { joinRef: push.joinRef, ref: push.ref, topic: push.topic };
    if (!channel) return this.reply(ref, 'error', { reason: 'unmatched topic' });
    const size = push.body.encoding === 'json' ? Buffer.byteLength(push.body.json) : push.body.bytes.length;
    if (this.tooLarge(size)) {
      if (channel.ackBroadcast) this.reply(ref, 'error', { reason: this.payloadTooLargeReason() });
      return;
    }
    if (!channel.canWriteBroadcast) {
      if (channel.ackBroadcast)
        this.reply(ref, 'error', { reason: this.writeDenied(channel, 'send broadcasts to') });
      return;
    }
    this.deps.hub.broadcast(
      channel.topicKey,
      new BroadcastMessage(channel.topic, push.userEvent, push.body, push.meta),
      channel,
    );
    if (channel.ackBroadcast) this.reply(ref, 'ok', {});
  }

  private payloadTooLargeReason(): string {
    return `PayloadTooLarge: Payload size exceeded the limit of ${this.deps.limits.maxPayloadBytes} bytes`;
  }

  private writeDenied(channel: Channel, action: string): string {
    return `Unauthorized: You do not have permissions to ${action} this Channel topic: ${channel.name}`;
  }

  // ---- presence -----------------------------------------------------------------------------

  private onPresence(channel: JoinedChannel, msg: InboundMessage): void {
    const payload = isObject(msg.payload) ? msg.payload : {};
    const { hub } = this.deps;
    if (payload.event === 'track') {
      const meta = payload.payload ?? {};
      if (!isObject(meta))
        return this.reply(msg, 'error', { reason: 'Presence track payload must be a map' });
      if (this.tooLarge(Buffer.byteLength(JSON.stringify(meta))))
        return this.shutdown(channel, 'Track message size exceeded');
      if (!channel.canWritePresence)
        return this.reply(msg, 'error', { reason: this.writeDenied(channel, 'track presence on') });
      const wasEnabled = channel.presenceEnabled;
      channel.presenceEnabled = true;
      const diff = hub.presence.track(channel.topicKey, channel, meta);
      this.reply(msg, 'ok', {});
      // Tracking is what enabled presence here: this client has not seen the state yet.
      if (!wasEnabled && channel.canReadPresence) {
        this.push(
          channel.joinRef,
          null,
          channel.topic,
          'presence_state',
          hub.presence.state(channel.topicKey),
        );
      }
      hub.presenceDiff(channel.topicKey, channel.topic, diff);
      return;
    }
    if (payload.event === 'untrack') {
      const diff = hub.presence.untrack(channel.topicKey, channel);
      this.reply(msg, 'ok', {});
      if (diff) hub.presenceDiff(channel.topicKey, channel.topic, diff);
      return;
    }
    this.reply(msg, 'error', { reason: 'Presence event must be track or untrack' });
  }

  // ---- teardown -----------------------------------------------------------------------------

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.leave(channel, false);
  }
}
