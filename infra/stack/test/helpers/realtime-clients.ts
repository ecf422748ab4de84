/**
 * Helpers for the realtime conformance tests: supabase-js clients (closed after the file), waiting
 * for a channel's subscribe status, polling for received events, and a raw WebSocket for what
 * supabase-js never sends (bad keys, malformed frames, vsn 1.0.0).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll } from 'vitest';
import WebSocket from 'ws';
import { signedInUser, type SignedInUser } from './rest.js';
import { stackEnv } from './stack-env.js';

const opened: SupabaseClient[] = [];
afterAll(async () => {
  for (const c of opened) {
    await c.removeAllChannels().catch(() => undefined);
    c.realtime.disconnect();
  }
});

/** A supabase-js client whose realtime connections are closed after the test file. */
export function realtimeClient(
  key: string = stackEnv().anonKey,
  realtime: { heartbeatIntervalMs?: number; timeout?: number } = {},
): SupabaseClient {
  const c = createClient(stackEnv().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, ...realtime },
  });
  opened.push(c);
  return c;
}

/** A signed-in user whose client is closed after the test file. */
export async function realtimeUser(): Promise<SignedInUser> {
  const user = await signedInUser();
  opened.push(user.client);
  return user;
}

export interface SubscribeOutcome {
  status: string;
  error?: string;
}

/** Subscribes and resolves with the first status that settles the join. */
export function subscribe(channel: RealtimeChannel): Promise<SubscribeOutcome> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        resolve({ status, error: error?.message });
      }
    });
  });
}

export async function subscribed(channel: RealtimeChannel): Promise<void> {
  const outcome = await subscribe(channel);
  if (outcome.status !== 'SUBSCRIBED') throw new Error(`${outcome.status}: ${outcome.error ?? ''}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` returns a value (not undefined), or fails after `timeoutMs` (generous: CI shares 2 cores). */
export async function waitFor<T>(probe: () => T | undefined, label: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(20);
  }
}

export function uniqueRoom(prefix = 'rt'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function uniqueId(): number {
  return Math.floor(Math.random() * 2_000_000_000);
}

export function websocketUrl(query: Record<string, string>): string {
  const url = new URL('/realtime/v1/websocket', stackEnv().apiUrl.replace(/^http/, 'ws'));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/** A raw socket that records every frame it receives (text parsed as JSON, binary kept). */
export interface RawSocket {
  ws: WebSocket;
  frames: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
}

export async function rawSocket(query: Record<string, string>): Promise<RawSocket> {
  const ws = new WebSocket(websocketUrl(query));
  const frames: unknown[] = [];
  ws.on('message', (data, isBinary) => {
    frames.push(isBinary ? Buffer.from(data as Buffer) : JSON.parse(String(data)));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  afterAll(() => ws.terminate());
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
}

/** The HTTP answer to an upgrade the server refuses. */
export function refusedUpgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.on('open', () => {
      ws.terminate();
      reject(new Error('upgrade was accepted'));
    });
    ws.on('error', () => undefined);
  });
}
