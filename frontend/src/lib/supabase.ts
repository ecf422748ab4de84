/**
 * The one backend client. It keeps the session in localStorage and refreshes tokens itself (SPEC §7);
 * every request carries X-Requested-With and X-Client-Version (the gateway's CORS allow-list admits both),
 * and backs off when the gateway's request limit answers 429.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@db/types';
import { BACKEND } from '@/config/constants';
import { loadEnv, type AppEnv } from '@/config/env';
import { rateLimitedFetch } from './rate-limited-fetch';

export function clientHeaders(appVersion: string): Record<string, string> {
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-Client-Version': appVersion };
}

/** The backend client typed by the generated schema: tables, RPC arguments and rows are checked. */
export type BackendClient = SupabaseClient<Database>;

export function createBackendClient(env: AppEnv): BackendClient {
  return createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    global: { headers: clientHeaders(env.appVersion), fetch: rateLimitedFetch() },
    realtime: { timeout: BACKEND.realtimeTimeoutMs, heartbeatIntervalMs: BACKEND.heartbeatMs },
  });
}

let instance: BackendClient | undefined;

/** Created on first use so that a configuration error surfaces in the error screen, not at import. */
export function supabase(): BackendClient {
  instance ??= createBackendClient(loadEnv());
  return instance;
}
