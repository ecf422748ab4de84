/**
 * Sign-up as supabase-js sees it, with the fixture's config (confirmations off = autoconfirm):
 * a session at once, GoTrue's rows behind it, and GoTrue's errors for the refusals.
 */
import { AuthApiError, AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authFetch, decodeJwt, recordEvents } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';

const db = authAdminPool();

describe('auth signUp with autoconfirm (fixture: enable_confirmations = false)', () => {
  it('returns a session and user, emits SIGNED_IN, and writes the GoTrue rows', async () => {
    const client = anonAuthClient();
    const events = recordEvents(client);
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret-123',
      options: { data: { full_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Ada', email, email_verified: true, sub: user.id });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ id: user.id, user_id: user.id, provider: 'email', email });
    expect(user.is_anonymous).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toContain('SIGNED_IN');

    const { rows: users } = await db.query(
      `select encrypted_password, confirmation_token, recovery_token, email_change, instance_id::text from auth.users where id = $1`,
      [user.id],
    );
    expect(users[0].encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(users[0]).toMatchObject({ confirmation_token: '', recovery_token: '', email_change: '' });
    const { rows: sessions } = await db.query(
      `select aal::text, user_agent from auth.sessions where user_id = $1`,
      [user.id],
    );
    expect(sessions).toEqual([{ aal: 'aal1', user_agent: expect.any(String) }]);
    const { rows: amr } = await db.query(
      `select authentication_method from auth.mfa_amr_claims c join auth.sessions s on s.id = c.session_id where s.user_id = $1`,
      [user.id],
    );
    expect(amr).toEqual([{ authentication_method: 'password' }]);
    const { rows: audit } = await db.query(
      `select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at`,
      [user.id],
    );
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['user_signedup', 'login']));
  });

  it('refuses an address that is already registered with 422 user_already_exists', async () => {
    const email = uniqueEmail('dup');
    await anonAuthClient().auth.signUp({ email, password: 'secret-123' });
    const { data, error } = await anonAuthClient().auth.signUp({
      email: email.toUpperCase(),
      password: 'other-123',
    });
    expect(data.user).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a weak password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await anonAuthClient().auth.signUp({ email: uniqueEmail('weak'), password: 'abc' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error!.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses a password over 72 bytes with 400 validation_failed', async () => {
    const { error } = await anonAuthClient().auth.signUp({
      email: uniqueEmail('long'),
      password: 'x'.repeat(73),
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });

  it('refuses an invalid address and a missing password with 400 validation_failed', async () => {
    const badEmail = await anonAuthClient().auth.signUp({ email: 'not-an-email', password: 'secret-123' });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const noPassword = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('nopw') }),
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
  });

  it('signs in anonymously when enabled (fixture: enable_anonymous_sign_ins = true)', async () => {
    const client = anonAuthClient();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email).toBe('');
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.user_metadata).toEqual({ theme: 'dark' });
    const { claims } = decodeJwt(data.session!.access_token);
    expect(claims.is_anonymous).toBe(true);
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
    const { data: fetched } = await client.auth.getUser();
    expect(fetched.user?.id).toBe(data.user?.id);
  });
});
