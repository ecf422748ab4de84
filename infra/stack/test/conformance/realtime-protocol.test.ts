/**
 * The wire protocol below supabase-js: raw Phoenix frames (vsn 2.0.0 arrays, 1.0.0 objects,
 * binary kind 3/4), the exact postgres_changes payload, and bad input that must hurt nobody else.
 */
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../helpers/clients.js';
import {
  rawSocket,
  realtimeClient,
  sleep,
  subscribed,
  uniqueId,
  uniqueRoom,
  waitFor,
} from '../helpers/realtime-clients.js';
import { stackEnv } from '../helpers/stack-env.js';

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

function findFrame(frames: unknown[], event: string, ref?: string): Frame | undefined {
  return frames.find(
    (f): f is Frame => Array.isArray(f) && f[3] === event && (ref === undefined || f[1] === ref),
  );
}

describe('realtime wire protocol', () => {
  it('answers heartbeats and joins, and sends §4.5 postgres_changes payloads', async () => {
    const socket = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
    socket.send([null, '1', 'phoenix', 'heartbeat', {}]);
    expect(await waitFor(() => findFrame(socket.frames, 'phx_reply', '1'), 'heartbeat reply')).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const room = uniqueRoom();
    const binding = {
      event: 'INSERT',
      schema: 'public',
      table: 'realtime_public',
      filter: `room=eq.${room}`,
    };
    socket.send([
      '2',
      '2',
      'realtime:wire',
      'phx_join',
      { config: { postgres_changes: [binding] }, access_token: stackEnv().anonKey },
    ]);
    const reply = await waitFor(() => findFrame(socket.frames, 'phx_reply', '2'), 'join reply');
    expect(reply[4].status).toBe('ok');
    const [echoed] = (reply[4].response as { postgres_changes: Record<string, unknown>[] }).postgres_changes;
    expect(echoed).toMatchObject(binding);
    expect(typeof echoed!.id).toBe('number');
    const system = await waitFor(() => findFrame(socket.frames, 'system'), 'system message', 2_000);
    expect(system[0]).toBe('2');
    expect(system[4]).toEqual({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
      channel: 'wire',
    });

    const id = uniqueId();
    expect(
      (
        await serviceClient()
          .from('realtime_public')
          .insert({ id, room, tags: ['x'] })
      ).error,
    ).toBeNull();
    const change = await waitFor(() => findFrame(socket.frames, 'postgres_changes'), 'postgres_changes');
    expect(change[2]).toBe('realtime:wire');
    expect(change[4].ids).toEqual([echoed!.id]);
    const data = change[4].data as Record<string, unknown>;
    expect(data).toMatchObject({ schema: 'public', table: 'realtime_public', type: 'INSERT', errors: null });
    expect(data.columns).toEqual([
      { name: 'id', type: 'int4' },
      { name: 'room', type: 'text' },
      { name: 'label', type: 'text' },
      { name: 'n', type: 'int4' },
      { name: 'flag', type: 'bool' },
      { name: 'tags', type: '_text' },
    ]);
    expect(data.record).toEqual({ id, room, label: '', n: 0, flag: false, tags: ['x'] });
    expect(data.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    socket.send(['2', '3', 'realtime:wire', 'phx_leave', {}]);
    expect((await waitFor(() => findFrame(socket.frames, 'phx_reply', '3'), 'leave reply'))[4].status).toBe(
      'ok',
    );
    await waitFor(() => findFrame(socket.frames, 'phx_close'), 'phx_close');
    socket.send([
      '9',
      '9',
      'realtime:never-joined',
      'broadcast',
      { type: 'broadcast', event: 'x', payload: {} },
    ]);
    expect((await waitFor(() => findFrame(socket.frames, 'phx_reply', '9'), 'unmatched reply'))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });

  it('speaks vsn 1.0.0 objects and decodes binary kind-3 broadcasts for kind-4 listeners', async () => {
    const v1 = await rawSocket({ apikey: stackEnv().anonKey, vsn: '1.0.0' });
    const v2 = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
    v1.send({ topic: 'realtime:mixed', event: 'phx_join', payload: { config: {} }, ref: '1', join_ref: '1' });
    v2.send(['1', '1', 'realtime:mixed', 'phx_join', { config: { broadcast: { ack: true } } }]);
    await waitFor(
      () => v1.frames.find((f) => (f as { event?: string }).event === 'phx_reply'),
      'v1 join reply',
    );
    await waitFor(() => findFrame(v2.frames, 'phx_reply', '1'), 'v2 join reply');

    // kind 3: join_ref "1", ref "2", topic, user event "evt", no metadata, JSON payload.
    const strings = ['1', '2', 'realtime:mixed', 'evt', ''].map((s) => Buffer.from(s));
    const body = Buffer.from(JSON.stringify({ hello: 'world' }));
    const frame = Buffer.concat([Buffer.from([3, ...strings.map((s) => s.length), 1]), ...strings, body]);
    v2.ws.send(frame);
    expect((await waitFor(() => findFrame(v2.frames, 'phx_reply', '2'), 'ack'))[4].status).toBe('ok');
    const got = await waitFor(
      () => v1.frames.find((f) => (f as { event?: string }).event === 'broadcast'),
      'v1 broadcast',
    );
    expect(got).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:mixed',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'evt', payload: { hello: 'world' } },
    });
  });

  it('closes only the socket that sent a malformed frame; oversize broadcasts get an error reply', async () => {
    const room = uniqueRoom('robust');
    const got: unknown[] = [];
    const healthy = realtimeClient()
      .channel(room)
      .on('broadcast', { event: 'after' }, (p) => got.push(p));
    await subscribed(healthy);

    const bad = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
    bad.send('this is not json');
    const closed = await bad.closed;
    expect(closed.code).toBe(1007);
    const bad2 = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
    bad2.ws.send(Buffer.from([9, 9, 9]));
    expect((await bad2.closed).code).toBe(1007);

    const big = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
    big.send(['1', '1', `realtime:${room}`, 'phx_join', { config: { broadcast: { ack: true } } }]);
    await waitFor(() => findFrame(big.frames, 'phx_reply', '1'), 'join');
    big.send([
      '1',
      '2',
      `realtime:${room}`,
      'broadcast',
      { type: 'broadcast', event: 'after', payload: { blob: 'x'.repeat(300_000) } },
    ]);
    const reply = await waitFor(() => findFrame(big.frames, 'phx_reply', '2'), 'oversize reply');
    expect(reply[4]).toMatchObject({ status: 'error' });
    expect(String((reply[4].response as Record<string, unknown>).reason)).toMatch(/^PayloadTooLarge/);
    big.send([
      '1',
      '3',
      `realtime:${room}`,
      'broadcast',
      { type: 'broadcast', event: 'after', payload: { small: true } },
    ]);
    await waitFor(() => got[0], 'broadcast after the bad frames');
    await sleep(100);
    expect(got).toHaveLength(1);
  });
});
