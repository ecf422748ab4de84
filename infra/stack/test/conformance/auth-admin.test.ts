/** auth.admin.* with the service-role key (legacy JWT and opaque secret key) and refusals for everyone else. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authClient, authFetch } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { stackEnv } from '../helpers/stack-env.js';

const db = authAdminPool();
const admin = () => authClient(stackEnv().serviceRoleKey).auth.admin;

describe('auth admin.createUser', () => {
  it('creates a confirmed user with metadata, role and id, who can then sign in', async () => {
    const email = uniqueEmail('admin-create');
    const id = randomUUID();
    const { data, error } = await admin().createUser({
      id,
      email,
      password: 'secret-123',
      email_confirm: true,
      user_metadata: { full_name: 'Grace' },
      app_metadata: { tenant: 'acme', provider: 'email' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id,
      email,
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], tenant: 'acme' },
      user_metadata: { full_name: 'Grace', email_verified: true },
    });
    expect(data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'email',
      id,
      identity_data: { sub: id, email },
    });
    const signIn = await anonAuthClient().auth.signInWithPassword({ email, password: 'secret-123' });
    expect(signIn.error).toBeNull();
    const { rows } = await db.query(
      `select payload->>'actor_username' as actor, payload->'traits'->>'user_id' as target from auth.audit_log_entries
        where payload->>'action' = 'user_signedup' and payload->'traits'->>'user_id' = $1`,
      [id],
    );
    expect(rows).toEqual([{ actor: 'service_role', target: id }]);
  });

  it('accepts the opaque secret key as the service role', async () => {
    const { data, error } = await authClient(stackEnv().secretKey).auth.admin.createUser({
      email: uniqueEmail('opaque'),
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('imports a bcrypt password_hash', async () => {
    const email = uniqueEmail('hash');
    // bcrypt("abc") at cost 6, from the OpenBSD test vectors.
    const hash = '$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i';
    const created = await admin().createUser({ email, password_hash: hash, email_confirm: true });
    expect(created.error).toBeNull();
    const signIn = await anonAuthClient().auth.signInWithPassword({ email, password: 'abc' });
    expect(signIn.error).toBeNull();
  });

  it('refuses the anon key, the publishable key and a user token with 403 not_admin', async () => {
    for (const key of [stackEnv().anonKey, stackEnv().publishableKey]) {
      const { data, error } = await authClient(key).auth.admin.createUser({
        email: uniqueEmail('nope'),
        password: 'secret-123',
      });
      expect(data.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    }
    const user = await anonAuthClient().auth.signUp({ email: uniqueEmail('plain'), password: 'secret-123' });
    const response = await authFetch('/admin/users', {
      headers: { Authorization: `Bearer ${user.data.session!.access_token}` },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });

  it('refuses a duplicate email with 422 email_exists and bad input with 400', async () => {
    const email = uniqueEmail('admin-dup');
    await admin().createUser({ email, password: 'secret-123' });
    const dup = await admin().createUser({ email, password: 'secret-123' });
    expect(dup.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const neither = await admin().createUser({ password: 'secret-123' });
    expect(neither.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const both = await admin().createUser({
      email: uniqueEmail('both'),
      password: 'x-123456',
      password_hash: '$2a$10$abc',
    });
    expect(both.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Only a password or a password hash should be provided',
    });
  });
});

describe('auth admin list/get/update/delete', () => {
  it('lists users a page at a time with X-Total-Count and Link', async () => {
    // Other test files create users concurrently, so totals are compared within one response only.
    for (let i = 0; i < 3; i++)
      await admin().createUser({ email: uniqueEmail('list'), password: 'secret-123' });
    const { data, error } = await admin().listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    if (!('aud' in data)) throw new Error('listUsers returned no page');
    expect(data.users).toHaveLength(2);
    expect(data.aud).toBe('authenticated');
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.nextPage).toBe(2);
    const raw = await authFetch('/admin/users?page=1&per_page=2', { apikey: stackEnv().serviceRoleKey });
    const total = Number(raw.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(data.total);
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    const beyond = await authFetch('/admin/users?page=100000&per_page=2', {
      apikey: stackEnv().serviceRoleKey,
    });
    expect((beyond.body as { users: unknown[] }).users).toEqual([]);
    const bad = await authFetch('/admin/users?page=x', { apikey: stackEnv().serviceRoleKey });
    expect(bad.status).toBe(400);
    expect((bad.body as { code: string }).code).toBe('validation_failed');
  });

  it('gets a user by id, and 404 user_not_found for an unknown one', async () => {
    const created = await admin().createUser({ email: uniqueEmail('get'), password: 'secret-123' });
    const { data, error } = await admin().getUserById(created.data.user!.id);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(created.data.user?.email);
    const missing = await admin().getUserById(randomUUID());
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    // supabase-js checks the uuid itself; the server must refuse it too.
    const malformed = await authFetch("/admin/users/1'%20or%20'1'='1", { apikey: stackEnv().serviceRoleKey });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ code: 'validation_failed', message: 'user_id must be an UUID' });
  });

  it('updates metadata, password and ban; a new password ends the user sessions', async () => {
    const email = uniqueEmail('update');
    const created = await admin().createUser({
      email,
      password: 'secret-123',
      email_confirm: true,
      user_metadata: { a: 1, b: 2 },
    });
    const id = created.data.user!.id;
    const userClient = anonAuthClient();
    await userClient.auth.signInWithPassword({ email, password: 'secret-123' });
    const { data, error } = await admin().updateUserById(id, {
      user_metadata: { b: null, c: 3 },
      app_metadata: { plan: 'pro' },
      password: 'changed-456',
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3, email_verified: true });
    expect(data.user?.app_metadata).toMatchObject({ plan: 'pro', provider: 'email' });
    expect((await userClient.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'changed-456' })).error,
    ).toBeNull();

    const banned = await admin().updateUserById(id, { ban_duration: '24h' });
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3600 * 1000,
    );
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'changed-456' })).error?.code,
    ).toBe('user_banned');
    await admin().updateUserById(id, { ban_duration: 'none' });
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'changed-456' })).error,
    ).toBeNull();

    const weak = await admin().updateUserById(id, { password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('deletes a user (hard), after which its JWT is refused with 403 user_not_found', async () => {
    const email = uniqueEmail('delete');
    const client = anonAuthClient();
    const signUp = await client.auth.signUp({ email, password: 'secret-123' });
    const id = signUp.data.user!.id;
    const { error } = await admin().deleteUser(id);
    expect(error).toBeNull();
    expect((await db.query(`select 1 from auth.users where id = $1`, [id])).rowCount).toBe(0);
    const response = await authFetch('/user', {
      headers: { Authorization: `Bearer ${signUp.data.session!.access_token}` },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    });
  });

  it('soft-deletes a user: the row stays, obfuscated, and the address is free again', async () => {
    const email = uniqueEmail('soft');
    const created = await admin().createUser({ email, password: 'secret-123', email_confirm: true });
    const id = created.data.user!.id;
    const { error } = await admin().deleteUser(id, true);
    expect(error).toBeNull();
    const { rows } = await db.query(
      `select email, deleted_at is not null as deleted, encrypted_password, raw_user_meta_data from auth.users where id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ deleted: true, encrypted_password: null, raw_user_meta_data: {} });
    expect(rows[0].email).not.toBe(email);
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'secret-123' })).error?.code,
    ).toBe('invalid_credentials');
    expect((await admin().createUser({ email, password: 'secret-123' })).error).toBeNull();
  });
});
