/**
 * supabase-js clients for the auth conformance tests: unmodified, sessions kept in memory, no
 * background refresh (tests drive refreshes themselves), optionally against an in-process gateway.
 */
import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackEnv } from './stack-env.js';

export function authClient(key: string, url: string = stackEnv().apiUrl): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export const anonAuthClient = (url?: string): SupabaseClient => authClient(stackEnv().anonKey, url);

/** Records the auth events a client emits, in order. */
export function recordEvents(client: SupabaseClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const [header, claims] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part!, 'base64url').toString('utf8')));
  return { header, claims };
}

/** A raw request to /auth/v1 (for what supabase-js never sends). */
export async function authFetch(
  path: string,
  init: RequestInit & { apikey?: string | null; url?: string } = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const { apikey = stackEnv().anonKey, url = stackEnv().apiUrl, headers, ...rest } = init;
  const merged = new Headers(headers);
  if (apikey !== null && !merged.has('apikey')) merged.set('apikey', apikey);
  if (!merged.has('x-supabase-api-version')) merged.set('x-supabase-api-version', '2024-01-01');
  const response = await fetch(`${url}/auth/v1${path}`, { ...rest, headers: merged });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, text };
}
