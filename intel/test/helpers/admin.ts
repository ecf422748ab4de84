import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { newTotpSecret, totpCode, totpStep } from '../../../tests/shared/totp.mjs';
import { intelEnv } from './env.js';

const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

export interface SignedInAdmin {
  client: SupabaseClient;
  id: string;
}

/**
 * A signed-in administrator through supabase-js; with `mfa` its TOTP is enrolled and verified in
 * this very session, as the app's two-factor screens do (the server binds the check to the session).
 */
export async function signedInAdmin(db: pg.Client, { mfa }: { mfa: boolean }): Promise<SignedInAdmin> {
  const env = intelEnv();
  const service = createClient(env.apiUrl, env.serviceRoleKey, options);
  const email = `admin-${randomBytes(4).toString('hex')}@intel-test.local`;
  const password = `Pw-${randomBytes(12).toString('hex')}`;
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
  const client = createClient(env.apiUrl, env.anonKey, options);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  if (mfa) {
    const secret = newTotpSecret();
    const code = totpCode(secret, totpStep());
    const setup = await client.rpc('setup_admin_totp', { _secret: secret, _verification_code: code });
    if (setup.error) throw setup.error;
    const verified = await client.rpc('verify_admin_totp', { _code: code });
    if (verified.error || verified.data?.success !== true)
      throw new Error(`verify_admin_totp: ${verified.error?.message ?? JSON.stringify(verified.data)}`);
  }
  return { client, id };
}
