/**
 * Realtime authorization: upgrade-time key checks (§4.1 bodies), expired tokens at join, setAuth
 * refresh, removeChannel, and private channels decided by realtime.messages policies.
 */
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../src/kernel/jwt.js';
import { serviceClient } from '../helpers/clients.js';
import {
  realtimeClient,
  realtimeUser,
  refusedUpgrade,
  sleep,
  subscribe,
  subscribed,
  uniqueRoom,
  waitFor,
  websocketUrl,
} from '../helpers/realtime-clients.js';
import { stackEnv } from '../helpers/stack-env.js';

type Row = Record<string, unknown>;

describe('realtime upgrade key checks', () => {
  it('answers missing, invalid and expired keys with 401 and Realtime bodies', async () => {
    const { jwtSecret } = stackEnv();
    expect(await refusedUpgrade(websocketUrl({ vsn: '2.0.0' }))).toEqual({
      status: 401,
      body: { error: 'API key is missing' },
    });
    expect(await refusedUpgrade(websocketUrl({ apikey: 'not-a-jwt', vsn: '2.0.0' }))).toEqual({
      status: 401,
      body: { error: 'The token provided is not a valid JWT' },
    });
    const forged = await signJwt(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) + 60 },
      'wrong-secret-wrong-secret-wrong-secret',
    );
    expect(await refusedUpgrade(websocketUrl({ apikey: forged }))).toEqual({
      status: 401,
      body: { error: 'Failed to validate JWT signature' },
    });
    const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 120 }, jwtSecret);
    expect(await refusedUpgrade(websocketUrl({ apikey: expired }))).toEqual({
      status: 401,
      body: { error: 'Token has expired' },
    });
    const noExp = await signJwt({ role: 'anon' }, jwtSecret);
    expect(await refusedUpgrade(websocketUrl({ apikey: noExp }))).toEqual({
      status: 401,
      body: { error: 'Fields `role` and `exp` are required in JWT' },
    });
    const unknownOpaque = await refusedUpgrade(websocketUrl({ apikey: 'sb_publishable_unknown' }));
    expect(unknownOpaque.status).toBe(401);
  });

  it('accepts the opaque publishable key like the anon key', async () => {
    const got: Row[] = [];
    const channel = realtimeClient(stackEnv().publishableKey)
      .channel(uniqueRoom('opaque'), { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'e' }, (p) => got.push(p));
    await subscribed(channel);
    expect(await channel.send({ type: 'broadcast', event: 'e', payload: { ok: true } })).toBe('ok');
    await waitFor(() => got[0], 'self broadcast over an opaque-key socket');
  });
});

describe('channel tokens', () => {
  it('rejects a join with an expired access token: CHANNEL_ERROR with InvalidJWTToken', async () => {
    const expired = await signJwt(
      { role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 30 },
      stackEnv().jwtSecret,
    );
    const supabase = realtimeClient();
    await supabase.realtime.setAuth(expired);
    const outcome = await subscribe(supabase.channel(uniqueRoom('expired')));
    expect(outcome.status).toBe('CHANNEL_ERROR');
    expect(outcome.error).toMatch(/^InvalidJWTToken: Token has expired \d+ seconds ago$/);
  });

  it('removeChannel ends in CLOSED', async () => {
    const supabase = realtimeClient();
    const statuses: string[] = [];
    const channel = supabase.channel(uniqueRoom('close'));
    channel.subscribe((status) => statuses.push(status));
    await waitFor(() => (statuses.includes('SUBSCRIBED') ? true : undefined), 'SUBSCRIBED');
    expect(await supabase.removeChannel(channel)).toBe('ok');
    await waitFor(() => (statuses.includes('CLOSED') ? true : undefined), 'CLOSED');
  });

  it('applies a token refresh (sign-in → setAuth) to postgres_changes RLS', async () => {
    const email = `rt-${crypto.randomUUID()}@example.test`;
    const created = await serviceClient().auth.admin.createUser({
      email,
      password: 'rt-password-1',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const userId = created.data.user!.id;
    // Joined as anon (the key); signing in makes supabase-js call realtime.setAuth(user token),
    // which sends access_token to the joined channel.
    const supabase = realtimeClient();
    const room = uniqueRoom();
    const got: Row[] = [];
    const systems: Row[] = [];
    const channel = supabase
      .channel(uniqueRoom('refresh'))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_items', filter: `room=eq.${room}` },
        (p) => got.push(p.new as Row),
      )
      .on('system', {}, (p) => systems.push(p as Row));
    await subscribed(channel);
    await waitFor(() => systems[0], 'first system message');
    expect((await supabase.auth.signInWithPassword({ email, password: 'rt-password-1' })).error).toBeNull();
    await waitFor(() => systems[1], 'system message after the token refresh');
    const db = serviceClient();
    expect(
      (await db.from('realtime_items').insert({ owner_id: userId, room, body: 'mine' })).error,
    ).toBeNull();
    const row = await waitFor(() => got.find((r) => r.body === 'mine'), 'row visible with the new token');
    expect(row.owner_id).toBe(userId);

    // A refresh with a token Realtime refuses closes the channel after a system error.
    const forged = await signJwt(
      { role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      'another-secret-another-secret-xx',
    );
    await supabase.realtime.setAuth(forged);
    const error = await waitFor(
      () => systems.find((s) => s.status === 'error'),
      'system error after a bad refresh',
    );
    expect(error).toMatchObject({ extension: 'system', message: 'Failed to validate JWT signature' });
    await waitFor(() => (channel.state === 'closed' ? true : undefined), 'channel closed');
  });
});

describe('private channels', () => {
  it('lets a signed-in user join and broadcast on an allowed topic', async () => {
    const user = await realtimeUser();
    const topic = uniqueRoom('rt-allowed');
    const got: Row[] = [];
    const channel = user.client
      .channel(topic, { config: { private: true, broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'secret' }, (p) => got.push(p));
    await subscribed(channel);
    expect(await channel.send({ type: 'broadcast', event: 'secret', payload: { x: 1 } })).toBe('ok');
    await waitFor(() => got[0], 'private broadcast');

    // Public listeners of the same name never see private messages.
    const publicGot: Row[] = [];
    const publicChannel = realtimeClient()
      .channel(topic)
      .on('broadcast', { event: 'secret' }, (p) => publicGot.push(p));
    await subscribed(publicChannel);
    expect(await channel.send({ type: 'broadcast', event: 'secret', payload: { x: 2 } })).toBe('ok');
    await waitFor(() => got[1], 'second private broadcast');
    await sleep(200);
    expect(publicGot).toEqual([]);
  });

  it('refuses a topic the policies do not allow, and anon on any private topic', async () => {
    const user = await realtimeUser();
    const denied = await subscribe(
      user.client.channel(uniqueRoom('rt-denied'), { config: { private: true } }),
    );
    expect(denied.status).toBe('CHANNEL_ERROR');
    expect(denied.error).toMatch(
      /^Unauthorized: You do not have permissions to read from this Channel topic: rt-denied-/,
    );
    const anonDenied = await subscribe(
      realtimeClient().channel(uniqueRoom('rt-allowed'), { config: { private: true } }),
    );
    expect(anonDenied.status).toBe('CHANNEL_ERROR');
    expect(anonDenied.error).toMatch(/^Unauthorized/);
  });
});
