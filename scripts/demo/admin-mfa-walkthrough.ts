/**
 * A hand run of the admin second factor with the real supabase-js, against a running stack:
 *   npx tsx scripts/demo/admin-mfa-walkthrough.ts --workdir <dir> --email <admin> --password <pw>
 * Signs in, sets up TOTP with a client-generated secret, verifies with a code computed from it,
 * uses a backup code in a second session, then gets locked out by five wrong codes.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { healthyStackStatus } from '../../infra/stack/lib/stack-status.mjs';
import { newTotpSecret, totpCode, totpStep } from '../../tests/shared/totp.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
async function signedIn(url: string, key: string, email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js needs one at construction.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

async function rpc(client: SupabaseClient, fn: string, args?: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await client.rpc(fn, args);
  const shown = error ? `ERROR ${error.code}: ${error.message}` : JSON.stringify(data);
  console.log(`  ${fn}(${args ? JSON.stringify(args) : ''}) → ${shown}`);
  return data;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workdir: { type: 'string', default: ROOT },
      email: { type: 'string' },
      password: { type: 'string' },
    },
  });
  const status = healthyStackStatus(values.workdir!);
  const first = await signedIn(status.API_URL, status.ANON_KEY, values.email!, values.password!);
  console.log('session 1');
  await rpc(first, 'validate_admin_access');
  const secret = newTotpSecret();
  const setup = (await rpc(first, 'setup_admin_totp', { _secret: secret, _verification_code: '000000' })) as {
    backup_codes: string[];
  };
  await rpc(first, 'validate_admin_access');
  await rpc(first, 'verify_admin_totp', { _code: totpCode(secret, totpStep()) });
  await rpc(first, 'verify_admin_totp', { _code: totpCode(secret, totpStep()) });
  await rpc(first, 'validate_admin_access');

  const second = await signedIn(status.API_URL, status.ANON_KEY, values.email!, values.password!);
  console.log('session 2');
  await rpc(second, 'validate_admin_access');
  await rpc(second, 'verify_admin_totp', { _code: setup.backup_codes[0] });
  await rpc(second, 'verify_admin_totp', { _code: setup.backup_codes[0] });
  await rpc(second, 'validate_admin_access');

  const third = await signedIn(status.API_URL, status.ANON_KEY, values.email!, values.password!);
  console.log('session 3: five wrong codes');
  for (let i = 0; i < 5; i++) await rpc(third, 'verify_admin_totp', { _code: '000000' });
  await rpc(third, 'verify_admin_totp', { _code: totpCode(secret, totpStep() + 1) });
  await rpc(third, 'validate_admin_access');
}

main().catch((error: unknown) => {
  console.error(`error: ${(error as Error).message}`);
  process.exit(1);
});
