/**
 * `npm run admin:create -- --email <address> [--password <pw>] [--workdir <dir>]`
 * Creates (or promotes) the first administrator on a running stack through the real APIs: the auth
 * admin endpoint and a service-role insert into public.user_roles. Without --password a strong one is
 * generated and printed once; no default password exists anywhere.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { healthyStackStatus } from '../infra/stack/lib/stack-status.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      workdir: { type: 'string', default: ROOT },
    },
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
    throw new Error('usage: npm run admin:create -- --email <address> [--password <pw>]');
  const password = values.password ?? `${randomBytes(18).toString('base64url')}aA1`;
  const { API_URL, SERVICE_ROLE_KEY } = healthyStackStatus(
    path.resolve(process.env.INIT_CWD ?? ROOT, values.workdir!),
  );
  const admin = createClient(API_URL, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js needs one at construction.
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  let userId = created.data.user?.id;
  if (created.error) {
    if (created.error.code !== 'email_exists')
      throw new Error(`could not create the user: ${created.error.message}`);
    const { data, error } = await admin.auth.admin.listUsers({ perPage: 1000 });
    if (error) throw new Error(`could not look the user up: ${error.message}`);
    userId = data.users.find((u) => u.email === email)?.id;
    if (values.password) await admin.auth.admin.updateUserById(userId!, { password });
  }
  const { error } = await admin
    .from('user_roles')
    .upsert({ user_id: userId, role: 'admin' }, { onConflict: 'user_id,role' });
  if (error) throw new Error(`could not grant the admin role: ${error.message}`);
  process.stdout.write(`administrator ${email} (${userId}) is ready.\n`);
  if (!created.error || values.password) {
    process.stdout.write(
      !values.password ? `password (shown once): ${password}\n` : 'password set as given\n',
    );
  }
  process.stdout.write('At first sign-in the platform asks them to set up two-factor authentication.\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${(error as Error).message}\n`);
  process.exit(1);
});
