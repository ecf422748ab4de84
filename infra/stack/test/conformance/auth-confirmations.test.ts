/**
 * Configurations other than the fixture's, each served by a second in-process gateway over the
 * same database (see helpers/auth-gateway.ts): confirmations on, sign-ups off, email provider off,
 * anonymous sign-ins off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authClient, authFetch, recordEvents } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';
import { linkAndCode, waitForMail } from '../helpers/mail.js';

/** The confirmation mail, read from the stack's mail catcher (the in-process gateway mails through it). */
async function confirmationMail(email: string, count = 1): Promise<{ link: string; otp: string }> {
  const mail = await waitForMail(email, count);
  expect(mail.Subject).toBe('Confirm Your Email');
  return linkAndCode(mail);
}

describe('auth signUp with confirmations on ([auth.email] enable_confirmations = true)', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    gateway = await startAuthGateway({ auth: { enableConfirmations: true } });
  });
  const client = () => authClient(gateway.anonKey, gateway.url);

  it('returns the bare user without a session, and sign-in waits for the confirmation', async () => {
    const c = client();
    const events = recordEvents(c);
    const email = uniqueEmail('confirm');
    const { data, error } = await c.auth.signUp({ email, password: 'secret-123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(data.user?.identities).toHaveLength(1);
    expect(events).not.toContain('SIGNED_IN');
    const signIn = await client().auth.signInWithPassword({ email, password: 'secret-123' });
    expect(signIn.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('confirms with the emailed code (verifyOtp), after which password sign-in works', async () => {
    const email = uniqueEmail('otp');
    await client().auth.signUp({ email, password: 'secret-123' });
    const wrong = await client().auth.verifyOtp({ email, token: '000000', type: 'signup' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await client().auth.verifyOtp({
      email,
      token: (await confirmationMail(email)).otp,
      type: 'signup',
    });
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect((await client().auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
    const reused = await client().auth.verifyOtp({
      email,
      token: (await confirmationMail(email)).otp,
      type: 'signup',
    });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('confirms through the emailed link, redirecting with the session in the fragment', async () => {
    const email = uniqueEmail('link');
    await client().auth.signUp({ email, password: 'secret-123' });
    const link = new URL((await confirmationMail(email)).link);
    expect(link.origin + link.pathname).toBe(`${gateway.url}/auth/v1/verify`);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe('http://127.0.0.1:3000');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
    const { data } = await client().auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email).toBe(email);
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).hash).toContain('error_code=otp_expired');
  });

  it('answers a sign-up for a registered address with a look-alike user (no enumeration)', async () => {
    const email = uniqueEmail('exists');
    await client().auth.signUp({ email, password: 'secret-123' });
    await client().auth.verifyOtp({ email, token: (await confirmationMail(email)).otp, type: 'signup' });
    const real = await client().auth.signInWithPassword({ email, password: 'secret-123' });
    const { data, error } = await client().auth.signUp({ email, password: 'another-123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(real.data.user?.id);
  });

  it('publishes mailer_autoconfirm = false', async () => {
    const settings = await authFetch('/settings', { url: gateway.url, apikey: gateway.anonKey });
    expect((settings.body as { mailer_autoconfirm: boolean }).mailer_autoconfirm).toBe(false);
  });
});

describe('auth with sign-ups and anonymous sign-ins off', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    gateway = await startAuthGateway({ auth: { enableSignup: false, enableAnonymousSignIns: false } });
  });

  it('refuses sign-up with 422 signup_disabled and anonymous sign-in with 422 anonymous_provider_disabled', async () => {
    const c = authClient(gateway.anonKey, gateway.url);
    const signUp = await c.auth.signUp({ email: uniqueEmail('closed'), password: 'secret-123' });
    expect(signUp.error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
    const anonymous = await c.auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    const settings = await authFetch('/settings', { url: gateway.url, apikey: gateway.anonKey });
    expect(settings.body).toMatchObject({ disable_signup: true, external: { anonymous_users: false } });
  });
});

describe('auth with the email provider off ([auth.email] enable_signup = false)', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    gateway = await startAuthGateway({ auth: { enableEmailSignup: false } });
  });

  it('refuses email sign-ups and email logins', async () => {
    const c = authClient(gateway.anonKey, gateway.url);
    const signUp = await c.auth.signUp({ email: uniqueEmail('noemail'), password: 'secret-123' });
    expect(signUp.error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    const signIn = await c.auth.signInWithPassword({ email: uniqueEmail('noemail'), password: 'secret-123' });
    expect(signIn.error).toMatchObject({
      status: 422,
      code: 'email_provider_disabled',
      message: 'Email logins are disabled',
    });
  });
});
