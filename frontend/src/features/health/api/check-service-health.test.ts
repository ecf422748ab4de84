import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH } from '@/config/constants';
import {
  checkAllServices,
  checkAuth,
  checkDatabase,
  checkRealtime,
  checkStorage,
} from './check-service-health';

type Answer = () => Promise<{ error: unknown }>;
type SystemCallback = (message: { status?: string }) => void;
type SubscribeCallback = (status: string) => void;

interface FakeChannel {
  bindings: string[];
  system?: SystemCallback;
  subscribeCallback?: SubscribeCallback;
}

function fakeClient(answers: { database?: Answer; auth?: Answer; storage?: Answer } = {}) {
  const ok: Answer = async () => ({ error: null });
  const channels: FakeChannel[] = [];
  const removed: FakeChannel[] = [];
  const databaseCalls: string[] = [];
  const client = {
    from: (table: string) => ({
      select: (columns: string) => ({
        limit: (count: number) => {
          databaseCalls.push(`${table}:${columns}:${count}`);
          return (answers.database ?? ok)();
        },
      }),
    }),
    auth: { getSession: () => (answers.auth ?? ok)() },
    storage: { listBuckets: () => (answers.storage ?? ok)() },
    channel: () => {
      const state: FakeChannel = { bindings: [] };
      channels.push(state);
      const channel = {
        on: (type: string, _filter: unknown, callback: SystemCallback) => {
          state.bindings.push(type);
          if (type === 'system') state.system = callback;
          return channel;
        },
        subscribe: (callback: SubscribeCallback) => {
          state.subscribeCallback = callback;
          return channel;
        },
        state,
      };
      return channel;
    },
    removeChannel: async (channel: { state: FakeChannel }) => {
      removed.push(channel.state);
      return 'ok';
    },
  };
  return { client: client as unknown as SupabaseClient, channels, removed, databaseCalls };
}

const answersError: Answer = async () => ({ error: { message: 'service unavailable' } });
const throws: Answer = async () => {
  throw new TypeError('Failed to fetch');
};

describe('database, auth and storage checks', () => {
  it('reads one id from the alerts table', async () => {
    const { client, databaseCalls } = fakeClient();
    await expect(checkDatabase(client)).resolves.toBe('healthy');
    expect(databaseCalls).toEqual(['enhanced_security_alerts:id:1']);
  });

  it.each([
    ['database', checkDatabase],
    ['auth', checkAuth],
    ['storage', checkStorage],
  ] as const)(
    '%s: healthy on success, degraded on an error answer, down when it throws',
    async (service, check) => {
      await expect(check(fakeClient().client)).resolves.toBe('healthy');
      await expect(check(fakeClient({ [service]: answersError }).client)).resolves.toBe('degraded');
      await expect(check(fakeClient({ [service]: throws }).client)).resolves.toBe('down');
    },
  );
});

describe('realtime check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is healthy when the system message arrives within 2 s, and removes the channel', async () => {
    const { client, channels, removed } = fakeClient();
    const result = checkRealtime(client);
    expect(channels[0]!.bindings).toEqual(['postgres_changes', 'system']);
    await vi.advanceTimersByTimeAsync(HEALTH.realtimeWaitMs - 1);
    channels[0]!.system!({ status: 'ok' });
    await expect(result).resolves.toBe('healthy');
    expect(removed).toEqual([channels[0]]);
  });

  it('is degraded when no system message arrives within 2 s, and removes the channel', async () => {
    const { client, channels, removed } = fakeClient();
    let settled: string | undefined;
    void checkRealtime(client).then((status) => (settled = status));
    await vi.advanceTimersByTimeAsync(HEALTH.realtimeWaitMs - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('degraded');
    // A message after the deadline changes nothing.
    channels[0]!.system!({ status: 'ok' });
    expect(removed).toEqual([channels[0]]);
  });

  it('is degraded when the join fails or the server reports an error', async () => {
    const refused = fakeClient();
    const first = checkRealtime(refused.client);
    refused.channels[0]!.subscribeCallback!('CHANNEL_ERROR');
    await expect(first).resolves.toBe('degraded');

    const failing = fakeClient();
    const second = checkRealtime(failing.client);
    failing.channels[0]!.system!({ status: 'error' });
    await expect(second).resolves.toBe('degraded');
  });

  it('is down when opening the channel throws', async () => {
    const { client } = fakeClient();
    (client as unknown as { channel: () => never }).channel = () => {
      throw new Error('WebSocket is not available');
    };
    await expect(checkRealtime(client)).resolves.toBe('down');
  });
});

describe('checkAllServices', () => {
  it('reports each service on its own', async () => {
    vi.useFakeTimers();
    const { client, channels } = fakeClient({ storage: throws, auth: answersError });
    const result = checkAllServices(client);
    channels[0]!.system!({ status: 'ok' });
    await expect(result).resolves.toEqual({
      database: 'healthy',
      realtime: 'healthy',
      auth: 'degraded',
      storage: 'down',
    });
    vi.useRealTimers();
  });
});
