/**
 * Auth's mails through the stack's mail catcher ([local_smtp]), read back over its Mailpit-shaped
 * API: password recovery end to end with supabase-js, no mail and the same answer for an unknown
 * address, magic link codes, and the catcher's API shapes, status keys and inert HTML.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { anonAuthClient, authFetch } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { linkAndCode, mailpitUrl, mailsTo, waitForMail } from '../helpers/mail.js';
import { stackEnv } from '../helpers/stack-env.js';

const STACK_BIN = fileURLToPath(new URL('../../bin/stack.mjs', import.meta.url));

function status(): Record<string, unknown> {
  return JSON.parse(
    execFileSync(process.execPath, [STACK_BIN, 'status', '-o', 'json', '--workdir', stackEnv().workdir], {
      encoding: 'utf8',
    }),
  ) as Record<string, unknown>;
}

async function registered(label: string, password = 'first-pass-123'): Promise<string> {
  const email = uniqueEmail(label);
  const { error } = await anonAuthClient().auth.signUp({ email, password });
  expect(error).toBeNull();
  return email;
}

describe('stack status', () => {
  it('gives MAILPIT_URL, SMTP_URL (the catcher) and SMTP_SENDER, and a healthy mail part', () => {
    const vars = status();
    const { port, smtpPort } = loadProjectConfig(stackEnv().workdir).localSmtp;
    expect(vars.MAILPIT_URL).toBe(`http://127.0.0.1:${port}`);
    expect(vars.SMTP_URL).toBe(`smtp://127.0.0.1:${smtpPort}`);
    expect(vars.SMTP_SENDER).toBe('CTI Platform <noreply@cti.localhost>');
    expect((vars.STATUS as Record<string, { healthy: boolean }>).mail?.healthy).toBe(true);
  });
});

describe('password recovery by mail', () => {
  it('mails a link that signs in for recovery; the new password works and the link is single use', async () => {
    const email = await registered('recover');
    const client = anonAuthClient();
    const redirectTo = 'http://127.0.0.1:3000/reset-password';
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Reset Your Password');
    expect(mail.From).toEqual({ Name: 'CTI Platform', Address: 'noreply@cti.localhost' });
    expect(mail.HTML).toContain('Reset Password');
    const { link, otp } = linkAndCode(mail);
    expect(otp).toMatch(/^\d{6}$/);
    const url = new URL(link);
    expect(url.origin).toBe(stackEnv().apiUrl);
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe(redirectTo);
    // The link carries the hash of email and code, never the code itself.
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);

    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(session.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'second-pass-456' })).error).toBeNull();

    const fresh = anonAuthClient();
    expect((await fresh.auth.signInWithPassword({ email, password: 'first-pass-123' })).error).not.toBeNull();
    expect((await fresh.auth.signInWithPassword({ email, password: 'second-pass-456' })).error).toBeNull();
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).hash).toContain('error_code=otp_expired');
  });

  it('accepts the mailed code instead of the link (verifyOtp type recovery)', async () => {
    const email = await registered('recover-code');
    await anonAuthClient().auth.resetPasswordForEmail(email);
    const { otp } = linkAndCode(await waitForMail(email));
    const wrong = await anonAuthClient().auth.verifyOtp({
      email,
      token: otp === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await anonAuthClient().auth.verifyOtp({ email, token: otp, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const known = await registered('known');
    const post = (email: string) =>
      authFetch('/recover', {
        method: 'POST',
        body: JSON.stringify({ email }),
        headers: { 'content-type': 'application/json' },
      });
    const a = await post(unknown);
    const b = await post(known);
    expect(a.status).toBe(200);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    await waitForMail(known);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('sends the link to the site URL, not to a host outside the allow list', async () => {
    const email = await registered('redirect');
    await anonAuthClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const { link } = linkAndCode(await waitForMail(email));
    expect(new URL(link).searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000');
  });
});

describe('magic link / OTP by mail', () => {
  it('mails a magic link with a code that signs the user in once', async () => {
    const email = await registered('magic');
    const { error } = await anonAuthClient().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(error).toBeNull();
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Your Magic Link');
    const { link, otp } = linkAndCode(mail);
    expect(new URL(link).searchParams.get('type')).toBe('magiclink');
    const { data } = await anonAuthClient().auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(data.session?.user.email).toBe(email);
    const reused = await anonAuthClient().auth.verifyOtp({ email, token: otp, type: 'email' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('answers {} and mails nothing for an unknown address when the user may not be created', async () => {
    const email = uniqueEmail('magic-nobody');
    const { error } = await anonAuthClient().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    });
    expect(error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toEqual([]);
  });
});

describe('the catcher (Mailpit API v1 shapes, inert HTML)', () => {
  const to = uniqueEmail('hostile');
  beforeAll(async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: loadProjectConfig(stackEnv().workdir).localSmtp.smtpPort,
      secure: false,
    });
    await transport.sendMail({
      from: '"Mallory" <mallory@example.net>',
      to,
      subject: 'Hostile <b>subject</b>',
      text: 'plain part',
      html: '<p onclick="x()">Hi</p><script>parent.document.title="owned"</script><img src="https://tracker.example/p.gif">',
    });
    await waitForMail(to);
  });

  it('lists newest first in the MessagesSummary shape and serves one Message', async () => {
    const list = (await (await fetch(`${mailpitUrl()}/api/v1/messages?limit=5`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(list).sort()).toEqual([
      'count',
      'messages',
      'messages_count',
      'start',
      'tags',
      'total',
      'unread',
    ]);
    const first = (list.messages as Record<string, unknown>[])[0]!;
    expect(first).toMatchObject({
      From: { Name: 'Mallory', Address: 'mallory@example.net' },
      To: [{ Name: '', Address: to }],
      Subject: 'Hostile <b>subject</b>',
      Snippet: 'plain part',
    });
    expect(first.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(typeof first.MessageID).toBe('string');
    expect(new Date(first.Created as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(first.Size).toBeGreaterThan(100);
    const message = (await (
      await fetch(`${mailpitUrl()}/api/v1/message/${first.ID as string}`)
    ).json()) as Record<string, unknown>;
    expect(message).toMatchObject({ ID: first.ID, Text: 'plain part' });
    expect(message.HTML).toContain('<script>');
    const missing = await fetch(`${mailpitUrl()}/api/v1/message/nope`);
    expect(missing.status).toBe(404);
  });

  it('renders the HTML part only in a sandboxed frame under a sandbox CSP, never inline', async () => {
    const [summary] = await mailsTo(to);
    const page = await fetch(`${mailpitUrl()}/view/${summary!.ID}`);
    const pageHtml = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(pageHtml).not.toContain('<script');
    expect(pageHtml).toContain('Hostile &lt;b&gt;subject&lt;/b&gt;');
    expect(pageHtml).toMatch(/<iframe[^>]+sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    const frame = await fetch(`${mailpitUrl()}/view/${summary!.ID}/html`);
    const policy = frame.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox;/);
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('allow-scripts');
    expect(frame.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('deletes messages by id, and all of them without a body', async () => {
    const [summary] = await mailsTo(to);
    const one = await fetch(`${mailpitUrl()}/api/v1/messages`, {
      method: 'DELETE',
      body: JSON.stringify({ IDs: [summary!.ID] }),
    });
    expect(one.status).toBe(200);
    expect(await mailsTo(to)).toEqual([]);
    await fetch(`${mailpitUrl()}/api/v1/messages`, { method: 'DELETE' });
    const list = (await (await fetch(`${mailpitUrl()}/api/v1/messages`)).json()) as { total: number };
    expect(list.total).toBe(0);
  });
});
