/** supabase-js clients for the conformance tests: unmodified, with Node 20's missing WebSocket supplied. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackEnv } from './stack-env.js';

export function client(key: string, options: { accessToken?: string } = {}): SupabaseClient {
  const { apiUrl } = stackEnv();
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: options.accessToken ? { headers: { Authorization: `Bearer ${options.accessToken}` } } : {},
  });
}

export const anonClient = (): SupabaseClient => client(stackEnv().anonKey);
export const serviceClient = (): SupabaseClient => client(stackEnv().serviceRoleKey);
