import { createHmac, randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { intelEnv } from './env.js';

const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 6238 (SHA-1, 6 digits, 30 s) as an authenticator app computes it. */
function totpCode(secret: string, step: number): string {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

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
    const secret = Array.from(randomBytes(32), (byte) => BASE32[byte % 32]).join('');
    const code = totpCode(secret, Math.floor(Date.now() / 30_000));
    const setup = await client.rpc('setup_admin_totp', { _secret: secret, _verification_code: code });
    if (setup.error) throw setup.error;
    const verified = await client.rpc('verify_admin_totp', { _code: code });
    if (verified.error || verified.data?.success !== true)
      throw new Error(`verify_admin_totp: ${verified.error?.message ?? JSON.stringify(verified.data)}`);
  }
  return { client, id };
}
