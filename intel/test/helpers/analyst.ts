import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { intelEnv } from './env.js';

const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node 20 has no global WebSocket; supabase-js needs one at construction.
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

/** A signed-in analyst on the test stack, through the unmodified supabase-js (as the app is). */
export async function signedInAnalyst(): Promise<SupabaseClient> {
  const env = intelEnv();
  const admin = createClient(env.apiUrl, env.serviceRoleKey, options);
  const email = `analyst-${randomBytes(4).toString('hex')}@intel-test.local`;
  const password = `Pw-${randomBytes(12).toString('hex')}`;
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = createClient(env.apiUrl, env.anonKey, options);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return client;
}

/** The service role through supabase-js (what the stack's own services and importers are). */
export function serviceClient(): SupabaseClient {
  const env = intelEnv();
  return createClient(env.apiUrl, env.serviceRoleKey, options);
}
