/** Broadcast (binary kind-3 frames from supabase-js, self/ack, REST) and presence sync. */
import { describe, expect, it } from 'vitest';
import { stackEnv } from '../helpers/stack-env.js';
import { realtimeClient, sleep, subscribed, uniqueRoom, waitFor } from '../helpers/realtime-clients.js';

type Row = Record<string, unknown>;

describe('broadcast', () => {
  it('delivers to others, to the sender only with self, and acks when asked', async () => {
    const room = uniqueRoom('bc');
    const senderGot: Row[] = [];
    const otherGot: Row[] = [];
    const quietGot: Row[] = [];
    const sender = realtimeClient()
      .channel(room, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'ping' }, (p) => senderGot.push(p));
    const other = realtimeClient()
      .channel(room)
      .on('broadcast', { event: 'ping' }, (p) => otherGot.push(p));
    const quietSender = realtimeClient()
      .channel(room, { config: { broadcast: { self: false } } })
      .on('broadcast', { event: 'ping' }, (p) => quietGot.push(p));
    await Promise.all([subscribed(sender), subscribed(other), subscribed(quietSender)]);

    // supabase-js (vsn 2.0.0) sends this as a binary userBroadcastPush frame; with ack the promise
    // resolves only after the server's reply.
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo' } })).toBe(
      'ok',
    );
    await waitFor(() => otherGot[0], 'broadcast at the other client');
    await waitFor(() => senderGot[0], 'self broadcast');
    expect(otherGot[0]).toMatchObject({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'héllo' } });
    expect(senderGot[0]).toMatchObject({ event: 'ping', payload: { n: 1 } });

    expect(await quietSender.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } })).toBe('ok');
    await waitFor(() => otherGot.find((p) => (p.payload as Row).n === 2), 'second broadcast');
    await sleep(200);
    expect(quietGot.map((p) => (p.payload as Row).n)).toEqual([1]);
  });

  it('does not cross between public and private channels or other topics', async () => {
    const room = uniqueRoom('bc');
    const got: Row[] = [];
    const listener = realtimeClient()
      .channel(`${room}-other`)
      .on('broadcast', { event: '*' }, (p) => got.push(p));
    const sender = realtimeClient().channel(room, { config: { broadcast: { ack: true } } });
    await Promise.all([subscribed(listener), subscribed(sender)]);
    expect(await sender.send({ type: 'broadcast', event: 'x', payload: {} })).toBe('ok');
    await sleep(300);
    expect(got).toEqual([]);
  });

  it('accepts REST broadcasts (httpSend and /api/broadcast) with 202', async () => {
    const room = uniqueRoom('rest');
    const got: Row[] = [];
    const listener = realtimeClient()
      .channel(room)
      .on('broadcast', { event: '*' }, (p) => got.push(p));
    await subscribed(listener);

    const sender = realtimeClient().channel(room);
    expect(await sender.httpSend('from-http', { a: 1 })).toEqual({ success: true });
    const response = await fetch(`${stackEnv().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: room, event: 'from-api', payload: { b: 2 } }] }),
    });
    expect(response.status).toBe(202);
    await waitFor(() => (got.length >= 2 ? true : undefined), 'two REST broadcasts');
    expect(got).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'from-http', payload: { a: 1 } }),
        expect.objectContaining({ event: 'from-api', payload: { b: 2 } }),
      ]),
    );

    const noKey = await fetch(`${stackEnv().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    const bad = await fetch(`${stackEnv().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json' },
      body: '{"messages": "nope"}',
    });
    expect(bad.status).toBe(400);
  });
});

describe('presence', () => {
  it('syncs two clients: join, state, and leave', async () => {
    const room = uniqueRoom('presence');
    const a = realtimeClient().channel(room, { config: { presence: { key: 'alice' } } });
    const b = realtimeClient().channel(room, { config: { presence: { key: 'bob' } } });
    const leaves: string[] = [];
    a.on('presence', { event: 'sync' }, () => undefined).on('presence', { event: 'leave' }, ({ key }) =>
      leaves.push(key),
    );
    b.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(a);
    await subscribed(b);
    expect(await a.track({ status: 'online' })).toBe('ok');
    expect(await b.track({ status: 'away' })).toBe('ok');
    const stateA = await waitFor(
      () => (Object.keys(a.presenceState()).length === 2 ? a.presenceState() : undefined),
      'A sees both',
    );
    const stateB = await waitFor(
      () => (Object.keys(b.presenceState()).length === 2 ? b.presenceState() : undefined),
      'B sees both',
    );
    expect(stateA.bob![0]).toMatchObject({ status: 'away' });
    expect(stateB.alice![0]).toMatchObject({ status: 'online' });

    // A new member gets the current state right after joining.
    const late = realtimeClient().channel(room, { config: { presence: { key: 'carol' } } });
    late.on('presence', { event: 'sync' }, () => undefined);
    await subscribed(late);
    await waitFor(
      () => (Object.keys(late.presenceState()).length === 2 ? true : undefined),
      'late joiner sees state',
    );

    expect(await b.untrack()).toBe('ok');
    await waitFor(() => (leaves.includes('bob') ? true : undefined), 'leave of bob');
    expect(Object.keys(a.presenceState())).toEqual(['alice']);
  });
});
