/**
 * A connection that keeps sending heartbeats stays up past Realtime's 60 s idle limit and still
 * gets changes; a raw socket that stays silent is closed by the server.
 */
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../helpers/clients.js';
import {
  rawSocket,
  realtimeClient,
  sleep,
  uniqueId,
  uniqueRoom,
  waitFor,
} from '../helpers/realtime-clients.js';
import { stackEnv } from '../helpers/stack-env.js';

describe('heartbeats', () => {
  it(
    'keeps a heartbeating client connected beyond 60 s and closes a silent socket',
    { timeout: 90_000 },
    async () => {
      const supabase = realtimeClient(stackEnv().anonKey, { heartbeatIntervalMs: 5_000 });
      const room = uniqueRoom();
      const got: unknown[] = [];
      const statuses: string[] = [];
      const channel = supabase
        .channel(uniqueRoom('hb'))
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'realtime_public', filter: `room=eq.${room}` },
          (p) => got.push(p.new),
        );
      channel.subscribe((status) => statuses.push(status));
      await waitFor(() => (statuses.includes('SUBSCRIBED') ? true : undefined), 'SUBSCRIBED');

      const silent = await rawSocket({ apikey: stackEnv().anonKey, vsn: '2.0.0' });
      let silentClosedAt = 0;
      void silent.closed.then(() => (silentClosedAt = Date.now()));
      const started = Date.now();

      await sleep(66_000);
      expect(supabase.realtime.isConnected()).toBe(true);
      expect(statuses).toEqual(['SUBSCRIBED']);
      expect(silentClosedAt).toBeGreaterThan(started + 59_000);

      const id = uniqueId();
      expect((await serviceClient().from('realtime_public').insert({ id, room })).error).toBeNull();
      expect(await waitFor(() => got[0], 'change after 65 s')).toMatchObject({ id, room });
    },
  );
});
