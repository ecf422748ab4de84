import { describe, expect, it } from 'vitest';
import {
  FrameError,
  broadcastPayloadJson,
  decodeBinary,
  decodeText,
  encodeText,
  encodeTextRaw,
  encodeUserBroadcast,
} from './frames.js';

/** A kind-3 frame laid out as realtime-js's serializer writes it. */
function userBroadcastPush(parts: string[], encoding: number, payload: Buffer): Buffer {
  const strings = parts.map((p) => Buffer.from(p));
  return Buffer.concat([Buffer.from([3, ...strings.map((s) => s.length), encoding]), ...strings, payload]);
}

describe('text frames', () => {
  it('decodes vsn 2.0.0 arrays and 1.0.0 objects', () => {
    expect(decodeText('["1","2","realtime:a","phx_join",{"x":1}]', '2.0.0')).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:a',
      event: 'phx_join',
      payload: { x: 1 },
    });
    expect(decodeText('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5"}', '1.0.0')).toEqual({
      joinRef: null,
      ref: '5',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    });
  });

  it('refuses what is not a Phoenix message', () => {
    expect(() => decodeText('nope', '2.0.0')).toThrow(FrameError);
    expect(() => decodeText('{"topic":"a"}', '2.0.0')).toThrow(/arrays/);
    expect(() => decodeText('[null,null,5,"e",{}]', '2.0.0')).toThrow(/topic/);
    expect(() => decodeText('["1","2","t",null,{}]', '2.0.0')).toThrow(/event/);
    expect(() => decodeText('[1,2,3,4,5]', '1.0.0')).toThrow(/objects/);
  });

  it('encodes both versions, also from pre-serialised payloads', () => {
    expect(encodeText('2.0.0', '1', null, 't', 'e', { a: 1 })).toBe('["1",null,"t","e",{"a":1}]');
    expect(JSON.parse(encodeText('1.0.0', null, '3', 't', 'e', {}))).toEqual({
      join_ref: null,
      ref: '3',
      topic: 't',
      event: 'e',
      payload: {},
    });
    expect(JSON.parse(encodeTextRaw('2.0.0', null, null, 'realtime:"x"', 'e', '{"b":2}'))).toEqual([
      null,
      null,
      'realtime:"x"',
      'e',
      { b: 2 },
    ]);
    expect(JSON.parse(encodeTextRaw('1.0.0', 'j', null, 't', 'e', '[1]')).payload).toEqual([1]);
    expect(JSON.parse(broadcastPayloadJson('ev', '{"x":1}', '{"persist":true}'))).toEqual({
      type: 'broadcast',
      event: 'ev',
      payload: { x: 1 },
      meta: { persist: true },
    });
  });
});

describe('binary frames', () => {
  it('decodes a kind-3 JSON broadcast with metadata', () => {
    const frame = userBroadcastPush(
      ['1', '2', 'realtime:room', 'cursor', '{"persist":true}'],
      1,
      Buffer.from('{"x":3}'),
    );
    expect(decodeBinary(frame)).toEqual({
      joinRef: '1',
      ref: '2',
      topic: 'realtime:room',
      userEvent: 'cursor',
      meta: '{"persist":true}',
      body: { encoding: 'json', json: '{"x":3}' },
    });
  });

  it('keeps binary payloads as bytes and empty refs as null', () => {
    const decoded = decodeBinary(
      userBroadcastPush(['', '', 'realtime:r', 'e', ''], 0, Buffer.from([0, 255, 7])),
    );
    expect(decoded.joinRef).toBeNull();
    expect(decoded.ref).toBeNull();
    expect(decoded.body).toEqual({ encoding: 'binary', bytes: Buffer.from([0, 255, 7]) });
  });

  it('refuses other kinds, truncation and bad JSON', () => {
    expect(() => decodeBinary(Buffer.from([4, 0, 0, 0, 0, 0, 1]))).toThrow(/kind 4/);
    expect(() => decodeBinary(Buffer.from([3, 5, 0, 0, 0, 0, 1, 65]))).toThrow(/truncated/);
    expect(() => decodeBinary(userBroadcastPush(['', '', 't', 'e', ''], 1, Buffer.from('{oops')))).toThrow(
      /JSON/,
    );
    expect(() => decodeBinary(userBroadcastPush(['', '', 't', 'e', '[1]'], 1, Buffer.from('{}')))).toThrow(
      /metadata/,
    );
    expect(() => decodeBinary(Buffer.from([3, 0]))).toThrow(/short/);
  });

  it('encodes kind-4 frames the way realtime-js decodes them', () => {
    const frame = encodeUserBroadcast('realtime:r', 'ev', '', { encoding: 'json', json: '{"a":1}' });
    expect([...frame.subarray(0, 5)]).toEqual([4, 10, 2, 0, 1]);
    expect(frame.subarray(5, 15).toString()).toBe('realtime:r');
    expect(frame.subarray(15, 17).toString()).toBe('ev');
    expect(JSON.parse(frame.subarray(17).toString())).toEqual({ a: 1 });
    const binary = encodeUserBroadcast('t', 'e', '{"m":1}', {
      encoding: 'binary',
      bytes: Buffer.from([1, 2]),
    });
    expect(binary[4]).toBe(0);
    expect([...binary.subarray(-2)]).toEqual([1, 2]);
    expect(() => encodeUserBroadcast('x'.repeat(300), 'e', '', { encoding: 'json', json: '{}' })).toThrow(
      FrameError,
    );
  });
});
