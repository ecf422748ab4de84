/**
 * Realtime fan-out latency: N unmodified supabase-js clients (each with its own WebSocket, `ws` as
 * the transport because Node 20 has no global WebSocket) subscribe with postgres_changes to
 * bench_messages, whose RLS lets room members read. One insert at a time is committed; the latency
 * of a delivery is (time the subscriber's callback runs − time the INSERT's commit returned).
 *
 * Before measuring, the stack must say realtime is healthy and one client must subscribe; otherwise
 * the scenario reports why realtime is unavailable instead of failing the whole benchmark.
 */
import { performance } from 'node:perf_hooks';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { BENCH_ROOM } from './dataset.js';
import type { StackInfo } from './stack-control.js';
import { percentile } from './stats.js';

export type FanoutResult =
  | { available: false; reason: string }
  | {
      available: true;
      subscribers: number;
      inserts: number;
      expected: number;
      delivered: number;
      p50: number;
      p95: number;
      p99: number;
      max: number;
    };

class Unavailable extends Error {}

const SUBSCRIBE_TIMEOUT_MS = 20_000;
const DELIVERY_TIMEOUT_MS = 5_000;
const READY_TIMEOUT_MS = 15_000;
const SUBSCRIBE_BATCH = 20;
/** Error payloads (`errors: ["Error 401: Unauthorized"]`) seen by any subscriber, for the report. */
const errors = new Set<string>();

interface Subscriber {
  client: SupabaseClient;
  channel: RealtimeChannel;
  /** seq → performance.now() when the callback ran. */
  received: Map<number, number>;
}

async function realtimeHealth(apiUrl: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${apiUrl}/__stack/health`);
    const body = (await response.json()) as { parts?: Record<string, { healthy: boolean; detail?: string }> };
    const part = body.parts?.realtime;
    if (!part) return 'the gateway reports no realtime part';
    return part.healthy ? undefined : (part.detail ?? 'unhealthy');
  } catch (error) {
    return `health check failed: ${(error as Error).message}`;
  }
}

async function subscribe(stack: StackInfo, token: string, index: number): Promise<Subscriber> {
  const client = createClient(stack.apiUrl, stack.anonKey, {
    accessToken: async () => token,
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      timeout: SUBSCRIBE_TIMEOUT_MS,
    },
  });
  // The accessToken option hands the token to realtime asynchronously; a join sent before that
  // would carry the API key (role anon) and every change would arrive as "Error 401: Unauthorized".
  await client.realtime.setAuth(token);
  const received = new Map<number, number>();
  const channel = client
    .channel(`bench-room-${BENCH_ROOM}-${index}`)
    .on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'bench_messages', filter: `room_id=eq.${BENCH_ROOM}` },
      (payload) => {
        const at = performance.now();
        if (payload.errors) {
          errors.add(String(payload.errors));
          return;
        }
        const seq = Number((payload.new as { seq?: unknown }).seq);
        if (Number.isSafeInteger(seq) && !received.has(seq)) received.set(seq, at);
      },
    );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Unavailable('no SUBSCRIBED within 20 s')),
      SUBSCRIBE_TIMEOUT_MS + 2_000,
    );
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve({ client, channel, received });
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(new Unavailable(`subscribe: ${status}${error ? ` (${error.message})` : ''}`));
      }
    });
  });
}

async function closeAll(subscribers: Subscriber[]): Promise<void> {
  await Promise.allSettled(
    subscribers.map(async (s) => {
      await s.client.removeChannel(s.channel);
      s.client.realtime.disconnect();
    }),
  );
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function insert(admin: pg.Client, seq: number): Promise<number> {
  await admin.query('insert into public.bench_messages (room_id, seq, body) values ($1, $2, $3)', [
    BENCH_ROOM,
    seq,
    `bench message ${seq}`,
  ]);
  // The statement ran in its own transaction: when it returns, the insert is committed.
  return performance.now();
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

export async function measureFanout(
  stack: StackInfo,
  admin: pg.Client,
  token: string,
  options: { subscribers: number; inserts: number },
  log: (line: string) => void,
): Promise<FanoutResult> {
  const unhealthy = await realtimeHealth(stack.apiUrl);
  if (unhealthy) return { available: false, reason: unhealthy };
  const subscribers: Subscriber[] = [];
  try {
    // One first: if it cannot subscribe, realtime is not usable and there is no point opening 99 more.
    subscribers.push(await subscribe(stack, token, 0));
    for (let i = 1; i < options.subscribers; i += SUBSCRIBE_BATCH) {
      const batch = Array.from({ length: Math.min(SUBSCRIBE_BATCH, options.subscribers - i) }, (_, k) =>
        subscribe(stack, token, i + k),
      );
      subscribers.push(...(await Promise.all(batch)));
    }
    log(`  ${subscribers.length} subscribers joined`);
    // Warm-up: negative seqs, repeated until every subscriber has seen one (the server may need a
    // moment after the join reply before changes flow).
    let warmSeq = -1;
    const everyoneWarm = (): boolean => subscribers.every((s) => [...s.received.keys()].some((k) => k < 0));
    const warmDeadline = Date.now() + READY_TIMEOUT_MS;
    while (!everyoneWarm()) {
      if (Date.now() > warmDeadline) {
        const ready = subscribers.filter((s) => [...s.received.keys()].some((k) => k < 0)).length;
        throw new Unavailable(
          `only ${ready}/${subscribers.length} subscribers received a change within 15 s`,
        );
      }
      await insert(admin, warmSeq--);
      await waitFor(everyoneWarm, 1_000);
    }
  } catch (error) {
    await closeAll(subscribers);
    if (error instanceof Unavailable) return { available: false, reason: error.message };
    return { available: false, reason: `subscribe failed: ${(error as Error).message}` };
  }

  const latencies: number[] = [];
  let delivered = 0;
  try {
    for (let seq = 1; seq <= options.inserts; seq++) {
      const committed = await insert(admin, seq);
      const all = await waitFor(() => subscribers.every((s) => s.received.has(seq)), DELIVERY_TIMEOUT_MS);
      let got = 0;
      for (const s of subscribers) {
        const at = s.received.get(seq);
        if (at === undefined) continue;
        got++;
        latencies.push(at - committed);
      }
      delivered += got;
      if (!all) log(`  insert ${seq}: only ${got}/${subscribers.length} deliveries within 5 s`);
      // Let the server go idle between inserts: this measures latency, not throughput.
      await sleep(100);
    }
  } finally {
    await closeAll(subscribers);
  }
  const expected = options.inserts * subscribers.length;
  log(`  ${delivered}/${expected} deliveries`);
  return {
    available: true,
    subscribers: subscribers.length,
    inserts: options.inserts,
    expected,
    delivered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.length > 0 ? Math.max(...latencies) : Number.NaN,
  };
}
