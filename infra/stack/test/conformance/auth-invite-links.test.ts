/**
 * auth.admin.inviteUserByEmail and auth.admin.generateLink through the unmodified supabase-js
 * (issue 34): the invitation creates the user with invited_at and mails a link whose code signs
 * them in; generateLink returns the action link and code of each kind without mailing them, and
 * refuses as GoTrue does. verifyOtp with a phone answers GoTrue's words (no SMS is sent here).
 */
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authClient } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { mailsTo, waitForMail } from '../helpers/mail.js';
import { stackEnv } from '../helpers/stack-env.js';

const admin = () => authClient(stackEnv().serviceRoleKey).auth.admin;
const redirectTo = 'http://127.0.0.1:3000/welcome';

describe('inviteUserByEmail', () => {
  it('creates the user with invited_at and mails a link whose code signs them in', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { team: 'red' }, redirectTo });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { team: 'red' } });
    expect(data.user?.invited_at).toMatch(/^\d{4}-/);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('You have been invited');
    expect(mail.Text).toContain('type=invite');
    const otp = /enter the code: (\d+)/.exec(mail.Text)?.[1];
    const verified = await anonAuthClient().auth.verifyOtp({ email, token: otp!, type: 'invite' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a confirmed address and an invalid one in GoTrue’s words', async () => {
    const email = uniqueEmail('invite-taken');
    await admin().createUser({ email, password: 'secret-123', email_confirm: true });
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const bad = await admin().inviteUserByEmail('not-an-address');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
    expect(bad.data.user).toBeNull();
  });

  it('is for the service role only', async () => {
    const { error } = await authClient(stackEnv().anonKey).auth.admin.inviteUserByEmail(uniqueEmail('x'));
    expect(error).toMatchObject({ status: 403 });
  });
});

describe('generateLink', () => {
  it('signs up with metadata and returns a signup link and code that confirm the user, mailing nothing', async () => {
    const email = uniqueEmail('link-signup');
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email,
      password: 'secret-123',
      options: { data: { status: 'alpha' }, redirectTo },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { status: 'alpha' } });
    expect(data.properties).toMatchObject({ verification_type: 'signup', redirect_to: redirectTo });
    const link = new URL(data.properties!.action_link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toBe(data.properties!.hashed_token);
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    const verified = await anonAuthClient().auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('returns magic link, recovery and e-mail change links for an existing user', async () => {
    const email = uniqueEmail('link-user');
    await admin().createUser({ email, password: 'secret-123', email_confirm: true });
    const magic = await admin().generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties?.email_otp).toMatch(/^\d{6}$/);
    const signedIn = await anonAuthClient().auth.verifyOtp({
      email,
      token: magic.data.properties!.email_otp,
      type: 'magiclink',
    });
    expect(signedIn.error).toBeNull();
    const recovery = await admin().generateLink({ type: 'recovery', email });
    expect(new URL(recovery.data.properties!.action_link).searchParams.get('type')).toBe('recovery');
    const newEmail = uniqueEmail('link-new');
    const change = await admin().generateLink({ type: 'email_change_new', email, newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user?.new_email).toBe(newEmail);
    expect(new URL(change.data.properties!.action_link).searchParams.get('type')).toBe('email_change');
  });

  it('answers 404 for recovery of an unknown address and refuses an invalid one', async () => {
    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(unknown.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    });
    const bad = await admin().generateLink({
      type: 'signup',
      email: 'not-an-address',
      password: 'secret-123',
    });
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');
  });
});

describe('verifyOtp with a phone', () => {
  it('checks the number’s format first, then answers as for a wrong code', async () => {
    const auth = anonAuthClient().auth;
    const invalid = await auth.verifyOtp({ phone: '12345-invalid', token: '123456', type: 'sms' });
    expect(invalid.error?.message).toBe('Invalid phone number format (E.164 required)');
    const wrong = await auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(wrong.error).toMatchObject({ status: 403, message: 'Token has expired or is invalid' });
  });
});
