/**
 * An e-mail change with confirmations on, read back from the mail catcher: with `[auth.email]
 * double_confirm_changes` (GoTrue's default, true) both the current and the new address get a
 * "Confirm Email Change" mail and the change applies only once both confirmed, in either order, by
 * link or by code; each token works once and counts only for its own address. With it off, the new
 * address alone confirms. (GoTrue: `MAILER_SECURE_EMAIL_CHANGE_ENABLED`, api/verify.go emailChangeVerify.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { authClient } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';
import { linkAndCode, mailsTo, waitForMail } from '../helpers/mail.js';
import { stackEnv } from '../helpers/stack-env.js';

const PASSWORD = 'change-pass-123';
const HALF = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const db = authAdminPool();

/** A confirmed user (created with the stack's admin API), signed in through `gateway`. */
async function signedIn(gateway: AuthGateway, label: string) {
  const email = uniqueEmail(label);
  const admin = authClient(stackEnv().serviceRoleKey);
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const client = authClient(gateway.anonKey, gateway.url);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { client, email, id: created.data.user!.id };
}

async function changeMail(address: string): Promise<{ link: string; otp: string; text: string }> {
  const mail = await waitForMail(address);
  expect(mail.Subject).toBe('Confirm Email Change');
  return { ...linkAndCode(mail), text: mail.Text };
}

async function emailOf(id: string): Promise<{ email: string; email_change: string }> {
  const { rows } = await db.query<{ email: string; email_change: string }>(
    `select email, email_change from auth.users where id = $1`,
    [id],
  );
  return rows[0]!;
}

/** The fragment of the verify link's redirect (303). */
async function follow(link: string, gateway: AuthGateway): Promise<URLSearchParams> {
  const url = new URL(link);
  const response = await fetch(`${gateway.url}${url.pathname}${url.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

async function signInStatus(gateway: AuthGateway, email: string): Promise<boolean> {
  const { error } = await authClient(gateway.anonKey, gateway.url).auth.signInWithPassword({
    email,
    password: PASSWORD,
  });
  return error === null;
}

describe('e-mail change, double_confirm_changes on (both addresses confirm)', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    expect(loadProjectConfig(stackEnv().workdir).auth.email.doubleConfirmChanges).toBe(true);
    gateway = await startAuthGateway({ auth: { enableConfirmations: true } });
  });

  it('mails both addresses; the new one alone changes nothing; the current one completes it', async () => {
    const { client, email, id } = await signedIn(gateway, 'double-old');
    const next = uniqueEmail('double-new');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    expect(data.user?.email_change_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const toNew = await changeMail(next);
    const toCurrent = await changeMail(email);
    expect(toNew.text).toContain(`from ${email} to ${next}`);
    expect(toCurrent.text).toContain(`from ${email} to ${next}`);
    expect(toNew.otp).not.toBe(toCurrent.otp);
    expect(new URL(toNew.link).searchParams.get('type')).toBe('email_change');

    // The new address's link: half confirmed, no session, nothing changed yet.
    const half = await follow(toNew.link, gateway);
    expect(half.get('message')).toBe(HALF);
    expect(half.get('access_token')).toBeNull();
    expect(await emailOf(id)).toEqual({ email, email_change: next });
    expect(await signInStatus(gateway, email)).toBe(true);
    expect(await signInStatus(gateway, next)).toBe(false);
    // That link a second time is used up.
    expect((await follow(toNew.link, gateway)).get('error_code')).toBe('otp_expired');

    // The current address's code completes it: a session for the user under the new address.
    const done = await authClient(gateway.anonKey, gateway.url).auth.verifyOtp({
      email,
      token: toCurrent.otp,
      type: 'email_change',
    });
    expect(done.error).toBeNull();
    expect(done.data.session?.user).toMatchObject({ id, email: next });
    expect(await emailOf(id)).toEqual({ email: next, email_change: '' });
    expect(await signInStatus(gateway, next)).toBe(true);
    expect(await signInStatus(gateway, email)).toBe(false);
  });

  it('works in the other order, by code then link, and a code counts only for its own address', async () => {
    const { client, email, id } = await signedIn(gateway, 'order-old');
    const next = uniqueEmail('order-new');
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const toNew = await changeMail(next);
    const toCurrent = await changeMail(email);
    const anon = authClient(gateway.anonKey, gateway.url);

    // The current address's code given with the new address (and vice versa) is no confirmation.
    const crossed = await anon.auth.verifyOtp({ email: next, token: toCurrent.otp, type: 'email_change' });
    expect(crossed.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const crossedBack = await anon.auth.verifyOtp({ email, token: toNew.otp, type: 'email_change' });
    expect(crossedBack.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect(await emailOf(id)).toEqual({ email, email_change: next });

    // The current address first, by code: half confirmed (200, no session).
    const half = await anon.auth.verifyOtp({ email, token: toCurrent.otp, type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    expect(await emailOf(id)).toEqual({ email, email_change: next });
    // Its code again: used up; the change is still only half confirmed.
    const again = await anon.auth.verifyOtp({ email, token: toCurrent.otp, type: 'email_change' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });

    // Then the new address's link: the change applies and the redirect carries a session.
    const done = await follow(toNew.link, gateway);
    expect(done.get('type')).toBe('email_change');
    expect(done.get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await emailOf(id)).toEqual({ email: next, email_change: '' });
    const { rows } = await db.query(`select email from auth.identities where user_id = $1`, [id]);
    expect(rows).toEqual([{ email: next }]);
  });
});

describe('e-mail change, double_confirm_changes off (the new address alone confirms)', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    const email = loadProjectConfig(stackEnv().workdir).auth.email;
    gateway = await startAuthGateway({
      auth: { enableConfirmations: true, email: { ...email, doubleConfirmChanges: false } },
    });
  });

  it('mails only the new address, whose link applies the change at once', async () => {
    const { client, email, id } = await signedIn(gateway, 'single-old');
    const next = uniqueEmail('single-new');
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const toNew = await changeMail(next);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toEqual([]);
    const done = await follow(toNew.link, gateway);
    expect(done.get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await emailOf(id)).toEqual({ email: next, email_change: '' });
  });
});
