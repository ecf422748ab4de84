/**
 * Decoder for the built-in `pgoutput` logical replication plugin, protocol version 1 (Postgres
 * docs, "Logical Streaming Replication Protocol" → "Message Formats"), and for the walsender's
 * CopyData envelopes (XLogData 'w', primary keepalive 'k'). Pure functions over Buffers.
 */

/** Microseconds between the Unix epoch and Postgres's epoch (2000-01-01 UTC). */
const PG_EPOCH_OFFSET_US = 946_684_800_000_000n;

export interface RelationColumn {
  name: string;
  typeOid: number;
  typeMod: number;
  /** Part of the replica identity (the primary key for REPLICA IDENTITY DEFAULT). */
  isKey: boolean;
}

export interface RelationMessage {
  tag: 'relation';
  relationId: number;
  schema: string;
  table: string;
  /** d (default), n (nothing), f (full), i (index). */
  replicaIdentity: string;
  columns: RelationColumn[];
}

/** One column of a tuple: text value, SQL null, or an unchanged TOASTed value not sent. */
export type TupleValue = string | null | typeof UNCHANGED_TOAST;
export const UNCHANGED_TOAST: unique symbol = Symbol('unchanged-toast');

export interface BeginMessage {
  tag: 'begin';
  finalLsn: bigint;
  /** Commit time in milliseconds since the Unix epoch. */
  commitTimeMs: number;
  xid: number;
}

export interface CommitMessage {
  tag: 'commit';
  commitLsn: bigint;
  endLsn: bigint;
  commitTimeMs: number;
}

export interface InsertMessage {
  tag: 'insert';
  relationId: number;
  newTuple: TupleValue[];
}

export interface UpdateMessage {
  tag: 'update';
  relationId: number;
  /** 'K' key-only old tuple, 'O' full old tuple, or undefined when the key did not change. */
  oldKind?: 'K' | 'O';
  oldTuple?: TupleValue[];
  newTuple: TupleValue[];
}

export interface DeleteMessage {
  tag: 'delete';
  relationId: number;
  oldKind: 'K' | 'O';
  oldTuple: TupleValue[];
}

export interface TruncateMessage {
  tag: 'truncate';
  relationIds: number[];
}

export interface OtherMessage {
  tag: 'other';
  kind: string;
}

export type PgOutputMessage =
  | RelationMessage
  | BeginMessage
  | CommitMessage
  | InsertMessage
  | UpdateMessage
  | DeleteMessage
  | TruncateMessage
  | OtherMessage;

class Reader {
  offset = 0;
  constructor(private readonly buf: Buffer) {}

  u8(): number {
    return this.buf.readUInt8(this.offset++);
  }
  i16(): number {
    const v = this.buf.readInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  i32(): number {
    const v = this.buf.readInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  u32(): number {
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  u64(): bigint {
    const v = this.buf.readBigUInt64BE(this.offset);
    this.offset += 8;
    return v;
  }
  i64(): bigint {
    const v = this.buf.readBigInt64BE(this.offset);
    this.offset += 8;
    return v;
  }
  cstring(): string {
    const end = this.buf.indexOf(0, this.offset);
    if (end < 0) throw new Error('pgoutput: unterminated string');
    const s = this.buf.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return s;
  }
  bytes(n: number): Buffer {
    if (this.offset + n > this.buf.length) throw new Error('pgoutput: truncated value');
    const b = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return b;
  }
}

function pgTimeToMs(us: bigint): number {
  return Number((us + PG_EPOCH_OFFSET_US) / 1000n);
}

function readTuple(r: Reader): TupleValue[] {
  const count = r.i16();
  const values: TupleValue[] = [];
  for (let i = 0; i < count; i++) {
    const kind = String.fromCharCode(r.u8());
    if (kind === 'n') values.push(null);
    else if (kind === 'u') values.push(UNCHANGED_TOAST);
    else if (kind === 't' || kind === 'b') {
      const length = r.i32();
      values.push(r.bytes(length).toString('utf8'));
    } else throw new Error(`pgoutput: unknown tuple value kind "${kind}"`);
  }
  return values;
}

/** Decodes one pgoutput message (the payload of an XLogData record). */
export function decodePgOutput(buf: Buffer): PgOutputMessage {
  const r = new Reader(buf);
  const kind = String.fromCharCode(r.u8());
  switch (kind) {
    case 'B': {
      const finalLsn = r.u64();
      const commitTimeMs = pgTimeToMs(r.i64());
      return { tag: 'begin', finalLsn, commitTimeMs, xid: r.u32() };
    }
    case 'C': {
      r.u8(); // flags, unused
      const commitLsn = r.u64();
      const endLsn = r.u64();
      return { tag: 'commit', commitLsn, endLsn, commitTimeMs: pgTimeToMs(r.i64()) };
    }
    case 'R': {
      const relationId = r.u32();
      const schema = r.cstring();
      const table = r.cstring();
      const replicaIdentity = String.fromCharCode(r.u8());
      const count = r.i16();
      const columns: RelationColumn[] = [];
      for (let i = 0; i < count; i++) {
        const flags = r.u8();
        const name = r.cstring();
        const typeOid = r.u32();
        const typeMod = r.i32();
        columns.push({ name, typeOid, typeMod, isKey: (flags & 1) === 1 });
      }
      return { tag: 'relation', relationId, schema, table, replicaIdentity, columns };
    }
    case 'I': {
      const relationId = r.u32();
      r.u8(); // 'N'
      return { tag: 'insert', relationId, newTuple: readTuple(r) };
    }
    case 'U': {
      const relationId = r.u32();
      let marker = String.fromCharCode(r.u8());
      let oldKind: 'K' | 'O' | undefined;
      let oldTuple: TupleValue[] | undefined;
      if (marker === 'K' || marker === 'O') {
        oldKind = marker;
        oldTuple = readTuple(r);
        marker = String.fromCharCode(r.u8());
      }
      if (marker !== 'N') throw new Error('pgoutput: update without new tuple');
      return { tag: 'update', relationId, oldKind, oldTuple, newTuple: readTuple(r) };
    }
    case 'D': {
      const relationId = r.u32();
      const marker = String.fromCharCode(r.u8());
      if (marker !== 'K' && marker !== 'O') throw new Error('pgoutput: delete without old tuple');
      return { tag: 'delete', relationId, oldKind: marker, oldTuple: readTuple(r) };
    }
    case 'T': {
      const count = r.u32();
      r.u8(); // options
      const relationIds: number[] = [];
      for (let i = 0; i < count; i++) relationIds.push(r.u32());
      return { tag: 'truncate', relationIds };
    }
    default:
      // Origin 'O', Type 'Y', Message 'M' and stream messages carry nothing realtime needs.
      return { tag: 'other', kind };
  }
}

/** A CopyData message from the walsender. */
export type WalSenderMessage =
  | { tag: 'xlogdata'; walStart: bigint; walEnd: bigint; data: Buffer }
  | { tag: 'keepalive'; walEnd: bigint; replyRequested: boolean }
  | { tag: 'unknown' };

export function decodeWalSender(buf: Buffer): WalSenderMessage {
  const kind = String.fromCharCode(buf[0] ?? 0);
  if (kind === 'w' && buf.length >= 25) {
    return {
      tag: 'xlogdata',
      walStart: buf.readBigUInt64BE(1),
      walEnd: buf.readBigUInt64BE(9),
      data: buf.subarray(25),
    };
  }
  if (kind === 'k' && buf.length >= 18) {
    return { tag: 'keepalive', walEnd: buf.readBigUInt64BE(1), replyRequested: buf[17] === 1 };
  }
  return { tag: 'unknown' };
}

/** Standby status update ('r'): tells the server how far WAL was received and can be released. */
export function encodeStandbyStatus(lsn: bigint, nowMs: number, replyRequested = false): Buffer {
  const buf = Buffer.alloc(34);
  buf.write('r', 0, 'latin1');
  buf.writeBigUInt64BE(lsn, 1);
  buf.writeBigUInt64BE(lsn, 9);
  buf.writeBigUInt64BE(lsn, 17);
  buf.writeBigInt64BE(BigInt(nowMs) * 1000n - PG_EPOCH_OFFSET_US, 25);
  buf.writeUInt8(replyRequested ? 1 : 0, 33);
  return buf;
}

/** Postgres's textual LSN form, e.g. 0/16B3748. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}
