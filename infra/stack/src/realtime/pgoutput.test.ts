import { describe, expect, it } from 'vitest';
import {
  UNCHANGED_TOAST,
  decodePgOutput,
  decodeWalSender,
  encodeStandbyStatus,
  formatLsn,
} from './pgoutput.js';

const cstr = (s: string) => Buffer.concat([Buffer.from(s), Buffer.from([0])]);
const u8 = (n: number) => Buffer.from([n]);
function i16(n: number) {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
}
function i32(n: number) {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}
function i64(n: bigint) {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(n);
  return b;
}
const text = (s: string) => Buffer.concat([Buffer.from('t'), i32(Buffer.byteLength(s)), Buffer.from(s)]);

describe('decodePgOutput', () => {
  it('decodes Relation messages', () => {
    const msg = Buffer.concat([
      Buffer.from('R'),
      i32(16384),
      cstr('public'),
      cstr('todos'),
      Buffer.from('d'),
      i16(2),
      u8(1),
      cstr('id'),
      i32(23),
      i32(-1),
      u8(0),
      cstr('task'),
      i32(25),
      i32(-1),
    ]);
    expect(decodePgOutput(msg)).toEqual({
      tag: 'relation',
      relationId: 16384,
      schema: 'public',
      table: 'todos',
      replicaIdentity: 'd',
      columns: [
        { name: 'id', typeOid: 23, typeMod: -1, isKey: true },
        { name: 'task', typeOid: 25, typeMod: -1, isKey: false },
      ],
    });
  });

  it('decodes Begin with the commit time in Unix milliseconds', () => {
    // 2026-01-01T00:00:00Z is 820_540_800 s after the Postgres epoch.
    const msg = Buffer.concat([Buffer.from('B'), i64(100n), i64(820_540_800_000_000n + 123_000n), i32(77)]);
    const begin = decodePgOutput(msg);
    expect(begin).toMatchObject({ tag: 'begin', finalLsn: 100n, xid: 77 });
    expect(new Date((begin as { commitTimeMs: number }).commitTimeMs).toISOString()).toBe(
      '2026-01-01T00:00:00.123Z',
    );
  });

  it('decodes inserts, updates with old tuples, and deletes (null, text, unchanged TOAST)', () => {
    const insert = Buffer.concat([
      Buffer.from('I'),
      i32(5),
      Buffer.from('N'),
      i16(3),
      text('1'),
      Buffer.from('n'),
      Buffer.from('u'),
    ]);
    expect(decodePgOutput(insert)).toEqual({
      tag: 'insert',
      relationId: 5,
      newTuple: ['1', null, UNCHANGED_TOAST],
    });

    const update = Buffer.concat([
      Buffer.from('U'),
      i32(5),
      Buffer.from('O'),
      i16(1),
      text('old'),
      Buffer.from('N'),
      i16(1),
      text('né'),
    ]);
    expect(decodePgOutput(update)).toEqual({
      tag: 'update',
      relationId: 5,
      oldKind: 'O',
      oldTuple: ['old'],
      newTuple: ['né'],
    });
    const plainUpdate = Buffer.concat([Buffer.from('U'), i32(5), Buffer.from('N'), i16(1), text('x')]);
    expect(decodePgOutput(plainUpdate)).toMatchObject({ oldKind: undefined, newTuple: ['x'] });

    const del = Buffer.concat([
      Buffer.from('D'),
      i32(5),
      Buffer.from('K'),
      i16(2),
      text('9'),
      Buffer.from('n'),
    ]);
    expect(decodePgOutput(del)).toEqual({
      tag: 'delete',
      relationId: 5,
      oldKind: 'K',
      oldTuple: ['9', null],
    });
    expect(decodePgOutput(Buffer.from('Y'))).toEqual({ tag: 'other', kind: 'Y' });
  });

  it('refuses truncated tuples', () => {
    const bad = Buffer.concat([
      Buffer.from('I'),
      i32(5),
      Buffer.from('N'),
      i16(1),
      Buffer.from('t'),
      i32(10),
      Buffer.from('ab'),
    ]);
    expect(() => decodePgOutput(bad)).toThrow(/truncated/);
  });
});

describe('walsender envelopes', () => {
  it('decodes XLogData and keepalives and encodes status updates', () => {
    const xlog = Buffer.concat([Buffer.from('w'), i64(1n), i64(2n), i64(3n), Buffer.from('B')]);
    expect(decodeWalSender(xlog)).toEqual({
      tag: 'xlogdata',
      walStart: 1n,
      walEnd: 2n,
      data: Buffer.from('B'),
    });
    const keepalive = Buffer.concat([Buffer.from('k'), i64(42n), i64(0n), u8(1)]);
    expect(decodeWalSender(keepalive)).toEqual({ tag: 'keepalive', walEnd: 42n, replyRequested: true });
    const status = encodeStandbyStatus(0x1_0000_0010n, Date.now());
    expect(status.length).toBe(34);
    expect(status.toString('latin1', 0, 1)).toBe('r');
    expect(status.readBigUInt64BE(9)).toBe(0x1_0000_0010n);
    expect(formatLsn(0x1_0000_0010n)).toBe('1/10');
  });
});
