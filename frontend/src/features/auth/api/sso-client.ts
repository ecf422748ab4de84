/**
 * The client of a single sign-on: supabase-js with the PKCE flow (RFC 7636), its code verifier kept in
 * this tab's sessionStorage across the round trip to the identity provider. It only starts the
 * sign-in and exchanges the code; the session then moves to the app's own client, which keeps it.
 * Loaded on demand, as the app's client is (lib/backend.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadEnv } from '@/config/env';

const STORAGE_KEY = 'cti-sso';

let client: Promise<SupabaseClient> | undefined;

export function ssoClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const env = loadEnv();
    return createClient(env.supabaseUrl, env.supabaseAnonKey, {
      auth: {
        flowType: 'pkce',
        storageKey: STORAGE_KEY,
        storage: window.sessionStorage,
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
    });
  });
  return client;
}

/** Forgets what the sign-in left in this tab (its session copy, a verifier never used). */
export function clearSsoStorage(): void {
  for (const key of Object.keys(window.sessionStorage)) {
    if (key.startsWith(STORAGE_KEY)) window.sessionStorage.removeItem(key);
  }
}
