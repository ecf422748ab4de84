/** signInWithPassword and getUser through supabase-js, including SQL-seeded users. */
import { isAuthApiError } from '@supabase/supabase-js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../../src/auth/create-confirmed-user.js';
import { anonAuthClient, authClient, recordEvents } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { stackEnv } from '../helpers/stack-env.js';

const db = authAdminPool();

async function signedUp(password = 'secret-123') {
  const email = uniqueEmail('pw');
  const { data, error } = await anonAuthClient().auth.signUp({ email, password });
  if (error) throw error;
  return { email, password, id: data.user!.id };
}

describe('auth signInWithPassword', () => {
  it('signs in, emits SIGNED_IN and moves last_sign_in_at on user and identity', async () => {
    const { email, password, id } = await signedUp();
    await db.query(`update auth.users set last_sign_in_at = now() - interval '1 day' where id = $1`, [id]);
    await db.query(
      `update auth.identities set last_sign_in_at = now() - interval '1 day' where user_id = $1`,
      [id],
    );
    const client = anonAuthClient();
    const events = recordEvents(client);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(id);
    expect(data.weakPassword).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toContain('SIGNED_IN');
    const { rows } = await db.query(
      `select u.last_sign_in_at > now() - interval '1 minute' as user_fresh, i.last_sign_in_at > now() - interval '1 minute' as identity_fresh
         from auth.users u join auth.identities i on i.user_id = u.id where u.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ user_fresh: true, identity_fresh: true });
    const { count } = (
      await db.query(`select count(*)::int as count from auth.sessions where user_id = $1`, [id])
    ).rows[0];
    expect(count).toBe(2);
  });

  it('answers a wrong password and an unknown email alike: 400 invalid_credentials', async () => {
    const { email } = await signedUp();
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password: 'secret-123' },
    ]) {
      const { data, error } = await anonAuthClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('refuses an unconfirmed user with 400 email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    const admin = authClient(stackEnv().serviceRoleKey).auth.admin;
    const created = await admin.createUser({ email, password: 'secret-123' });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeUndefined();
    const { error } = await anonAuthClient().auth.signInWithPassword({ email, password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('refuses a banned user with 400 user_banned', async () => {
    const { email, password, id } = await signedUp();
    await db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [id]);
    const { error } = await anonAuthClient().auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
  });

  it('signs in a user seeded by SQL the usual way (pgcrypto $2a$06$ hash, NULL token columns)', async () => {
    const email = uniqueEmail('seeded');
    // As a seed.sql would: pgcrypto, run by postgres (the auth admin has no use of `extensions`).
    const postgres = new pg.Client({ connectionString: stackEnv().dbUrl });
    await postgres.connect();
    const { rows: hashes } = await postgres.query(
      `select extensions.crypt('seeded-pw-1', extensions.gen_salt('bf')) as hash`,
    );
    await postgres.end();
    const { rows } = await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
          raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
          $2, now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())
       returning id, encrypted_password`,
      [email, hashes[0].hash],
    );
    expect(rows[0].encrypted_password).toMatch(/^\$2a\$06\$/);
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text), 'email', now(), now())`,
      [rows[0].id, email],
    );
    const { data, error } = await anonAuthClient().auth.signInWithPassword({
      email,
      password: 'seeded-pw-1',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(rows[0].id);
    expect(data.user?.identities).toHaveLength(1);
  });

  it('passes on weak_password for a valid login whose password no longer meets the policy', async () => {
    const email = uniqueEmail('legacy-weak');
    await createConfirmedUser(db, { email, password: 'abc' });
    const { data, error } = await anonAuthClient().auth.signInWithPassword({ email, password: 'abc' });
    expect(error).toBeNull();
    expect(data.weakPassword).toEqual({
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });
});

describe('auth getUser', () => {
  it('returns the signed-in user from GET /user', async () => {
    const { email, password, id } = await signedUp();
    const client = anonAuthClient();
    await client.auth.signInWithPassword({ email, password });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated' });
    expect(data.user?.last_sign_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  });

  it('without a session makes no request and reports AuthSessionMissingError', async () => {
    const { data, error } = await anonAuthClient().auth.getUser();
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});

describe('createConfirmedUser (used by the CLI for demo accounts)', () => {
  it('creates a confirmed user once and re-passwords it on the next call', async () => {
    const email = uniqueEmail('demo');
    const first = await createConfirmedUser(db, {
      email,
      password: 'first-pass-1',
      userMetadata: { full_name: 'Demo' },
    });
    const second = await createConfirmedUser(db, { email: email.toUpperCase(), password: 'second-pass-2' });
    expect(second.id).toBe(first.id);
    const oldPassword = await anonAuthClient().auth.signInWithPassword({ email, password: 'first-pass-1' });
    expect(oldPassword.error?.code).toBe('invalid_credentials');
    const { data, error } = await anonAuthClient().auth.signInWithPassword({
      email,
      password: 'second-pass-2',
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Demo', email_verified: true });
    expect(data.user?.identities?.[0]?.provider).toBe('email');
  });
});
