/**
 * Who is listening to what, for the whole gateway process: joined channels by topic (broadcast and
 * presence fan-out) and postgres_changes bindings by table. Public and private channels of the same
 * name are different topics, as in Supabase.
 */
import type { FilterCondition } from './filters.js';
import {
  broadcastPayloadJson,
  encodeTextRaw,
  encodeUserBroadcast,
  type BroadcastBody,
  type Vsn,
} from './frames.js';
import { PresenceStore, type PresenceDiff } from './presence.js';

/** The socket side of a channel: how frames reach its client. */
export interface ChannelSink {
  readonly vsn: Vsn;
  sendText(text: string): void;
  sendBinary(data: Buffer): void;
}

export type PgEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface PgBinding {
  /** The id echoed in the join reply; events carry it in `ids`. */
  id: number;
  event: PgEvent;
  schema: string;
  /** Undefined (or '*') means every table of the schema. */
  table: string | undefined;
  filter: FilterCondition[];
  /** The columns asked for (`select`); the primary key is always sent. Undefined: all it may read. */
  select?: ReadonlySet<string>;
  channel: Channel;
}

export interface Channel {
  readonly sink: ChannelSink;
  /** Full topic as the client wrote it: `realtime:<name>`. */
  topic: string;
  /** The channel name (topic without `realtime:`). */
  name: string;
  /** `pub:<name>` or `priv:<name>`. */
  topicKey: string;
  joinRef: string | null;
  isPrivate: boolean;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  /** Private channels: what realtime.messages policies allow (public channels: everything). */
  canReadBroadcast: boolean;
  canReadPresence: boolean;
  canWriteBroadcast: boolean;
  canWritePresence: boolean;
  role: string;
  claims: Record<string, unknown>;
  /** Channels with the same role and claims share RLS checks. */
  claimsKey: string;
  bindings: PgBinding[];
}

export function topicKey(name: string, isPrivate: boolean): string {
  return (isPrivate ? 'priv:' : 'pub:') + name;
}

/** A user broadcast, encoded lazily once per frame flavour and shared by every recipient. */
export class BroadcastMessage {
  private v2?: string;
  private v1?: string;
  private binary?: Buffer;

  constructor(
    readonly topic: string,
    readonly userEvent: string,
    readonly body: BroadcastBody,
    readonly meta: string,
    /** The whole `{type, event, payload, ...}` object as JSON, when it came as JSON. */
    private readonly payloadJson?: string,
  ) {}

  deliver(sink: ChannelSink): void {
    if (this.body.encoding === 'binary') {
      // JSON frames cannot carry bytes; vsn 1.0.0 clients do not get binary broadcasts (as in Supabase).
      if (sink.vsn === '2.0.0') {
        this.binary ??= encodeUserBroadcast(this.topic, this.userEvent, this.meta, this.body);
        sink.sendBinary(this.binary);
      }
      return;
    }
    const payload = this.payloadJson ?? broadcastPayloadJson(this.userEvent, this.body.json, this.meta);
    if (sink.vsn === '2.0.0') {
      this.v2 ??= encodeTextRaw('2.0.0', null, null, this.topic, 'broadcast', payload);
      sink.sendText(this.v2);
    } else {
      this.v1 ??= encodeTextRaw('1.0.0', null, null, this.topic, 'broadcast', payload);
      sink.sendText(this.v1);
    }
  }
}

export class Hub {
  private readonly channels = new Map<string, Set<Channel>>();
  private readonly tableBindings = new Map<string, Set<PgBinding>>();
  private readonly schemaBindings = new Map<string, Set<PgBinding>>();
  readonly presence = new PresenceStore();
  bindingCount = 0;

  get channelCount(): number {
    let n = 0;
    for (const set of this.channels.values()) n += set.size;
    return n;
  }

  add(channel: Channel): void {
    let set = this.channels.get(channel.topicKey);
    if (!set) {
      set = new Set();
      this.channels.set(channel.topicKey, set);
    }
    set.add(channel);
  }

  /** Removes the channel and its bindings; returns the presence diff its departure causes. */
  remove(channel: Channel): void {
    const set = this.channels.get(channel.topicKey);
    if (set) {
      set.delete(channel);
      if (set.size === 0) this.channels.delete(channel.topicKey);
    }
    this.setBindings(channel, []);
    const diff = this.presence.untrack(channel.topicKey, channel);
    if (diff) this.presenceDiff(channel.topicKey, channel.topic, diff);
  }

  /** Replaces a channel's postgres_changes bindings in the table index. */
  setBindings(channel: Channel, bindings: PgBinding[]): void {
    for (const b of channel.bindings) {
      const key = b.table === undefined || b.table === '*' ? b.schema : `${b.schema}\0${b.table}`;
      const index = b.table === undefined || b.table === '*' ? this.schemaBindings : this.tableBindings;
      const set = index.get(key);
      if (set?.delete(b)) this.bindingCount--;
      if (set && set.size === 0) index.delete(key);
    }
    channel.bindings = bindings;
    for (const b of bindings) {
      const wildcard = b.table === undefined || b.table === '*';
      const key = wildcard ? b.schema : `${b.schema}\0${b.table}`;
      const index = wildcard ? this.schemaBindings : this.tableBindings;
      let set = index.get(key);
      if (!set) {
        set = new Set();
        index.set(key, set);
      }
      set.add(b);
      this.bindingCount++;
    }
  }

  hasBindingsFor(schema: string, table: string): boolean {
    return this.tableBindings.has(`${schema}\0${table}`) || this.schemaBindings.has(schema);
  }

  bindingsFor(schema: string, table: string): PgBinding[] {
    return [
      ...(this.tableBindings.get(`${schema}\0${table}`) ?? []),
      ...(this.schemaBindings.get(schema) ?? []),
    ];
  }

  /** Sends a broadcast to the topic's channels (the sender only with `self`). */
  broadcast(key: string, message: BroadcastMessage, sender?: Channel): number {
    let delivered = 0;
    for (const channel of this.channels.get(key) ?? []) {
      if (channel === sender && !channel.selfBroadcast) continue;
      if (!channel.canReadBroadcast) continue;
      message.deliver(channel.sink);
      delivered++;
    }
    return delivered;
  }

  /** Pushes a presence_diff to the topic's presence-enabled channels. */
  presenceDiff(key: string, topic: string, diff: PresenceDiff): void {
    const payload = JSON.stringify(diff);
    const frames: Partial<Record<string, string>> = {};
    for (const channel of this.channels.get(key) ?? []) {
      if (!channel.presenceEnabled || !channel.canReadPresence) continue;
      const vsn = channel.sink.vsn;
      frames[vsn] ??= encodeTextRaw(vsn, null, null, topic, 'presence_diff', payload);
      channel.sink.sendText(frames[vsn]);
    }
  }
}
