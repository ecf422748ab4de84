/**
 * GoTrue endpoints auth-js calls that answered 404 before (issue 34): /resend sends the sign-up
 * confirmation again, /reauthenticate mails a code to a signed-in user (and tells an anonymous one
 * why not), and the web3 and id_token grants answer GoTrue's "disabled" errors instead of an
 * unknown grant. Driven through the unmodified supabase-js; mails read from the catcher.
 */
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authClient } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { mailsTo, waitForMail } from '../helpers/mail.js';
import { stackEnv } from '../helpers/stack-env.js';

const admin = () => authClient(stackEnv().serviceRoleKey).auth.admin;

describe('resend', () => {
  it('mails the sign-up confirmation again to an unconfirmed user, with a working code', async () => {
    const email = uniqueEmail('resend');
    const created = await admin().createUser({ email, password: 'secret-123', email_confirm: false });
    expect(created.error).toBeNull();
    const client = anonAuthClient();
    const { data, error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Confirm Your Email');
    const otp = /enter the code: (\d+)/.exec(mail.Text)?.[1];
    const verified = await client.auth.verifyOtp({ email, token: otp!, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers {} and sends nothing for a confirmed user or an unknown address', async () => {
    const email = uniqueEmail('resend-confirmed');
    await admin().createUser({ email, password: 'secret-123', email_confirm: true });
    const unknown = uniqueEmail('resend-unknown');
    for (const address of [email, unknown]) {
      const { error } = await anonAuthClient().auth.resend({ type: 'signup', email: address });
      expect(error).toBeNull();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('refuses an unknown type and a phone code in GoTrue’s words', async () => {
    const bad = await anonAuthClient().auth.resend({ type: 'recovery' as 'signup', email: uniqueEmail('x') });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Missing one of these types: signup, email_change, sms, phone_change',
    });
    const sms = await anonAuthClient().auth.resend({ type: 'sms', phone: '+15555550100' });
    expect(sms.error).toMatchObject({ status: 422, code: 'sms_send_failed' });
  });
});

describe('reauthenticate', () => {
  it('mails a signed-in user a one-time code and answers with no user or session', async () => {
    const email = uniqueEmail('reauth');
    const client = anonAuthClient();
    expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
    const { data, error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Confirm reauthentication');
    expect(mail.Text).toMatch(/\b\d{6}\b/);
  });

  it('tells an anonymous user it needs an e-mail or phone, and refuses a caller without a session', async () => {
    const client = anonAuthClient();
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Reauthentication requires the user to have an email or a phone number',
    });
    const res = await fetch(`${stackEnv().apiUrl}/auth/v1/reauthenticate`, {
      headers: { apikey: stackEnv().anonKey },
    });
    expect(res.status).toBe(401);
  });
});

describe('disabled grants', () => {
  it('answers web3 sign-in with "Web3 provider is disabled"', async () => {
    const { data, error } = await anonAuthClient().auth.signInWithWeb3({
      chain: 'solana',
      message: 'example.org wants you to sign in with your Solana account',
      signature: new Uint8Array([1, 2, 3]),
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'web3_provider_disabled',
      message: 'Web3 provider is disabled',
    });
  });

  it('answers an ID token of a provider that is not enabled with GoTrue’s provider_disabled', async () => {
    const { data, error } = await anonAuthClient().auth.signInWithIdToken({
      provider: 'google',
      token: 'x.y.z',
    });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
  });
});
