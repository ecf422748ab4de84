/**
 * What the stack exposes on the network, and mail (issue 27 §4):
 * - every port the stack reports (API, database, web app, the mail catcher's page/API and SMTP)
 *   listens on 127.0.0.1 only: 127.0.0.2, ::1 and the machine's other addresses are refused;
 * - the catcher's reading page: a CSP without scripts that nothing may frame, nosniff, no-referrer,
 *   no CORS; a hostile HTML mail appears only in a sandboxed frame (no scripts, no same origin),
 *   itself served under `Content-Security-Policy: sandbox`;
 * - `POST /auth/v1/recover` answers a known and an unknown address alike (status, body) and mails
 *   only the known one; the recovery token (link and code alike) works once.
 */
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { sendSmtp } from '../lib/smtp.js';
import { suite } from './context.js';

const { target, runId } = suite();
const mailpit = target.mailpitUrl ?? '';

/** The port behind a URL the stack reports (http, postgresql, smtp). */
function portOf(url: string | undefined): { host: string; port: number } {
  const parsed = new URL(url ?? 'http://missing:1');
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/** 'open', or the error code of a refused or failed connection (2 s at most). */
function connect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    const done = (result: string) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => done('open'));
    socket.once('timeout', () => done('ETIMEDOUT'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/** This machine's addresses that are not 127.0.0.1 (other interfaces, IPv6 loopback). */
function otherAddresses(): string[] {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && !info.address.startsWith('fe80:'))
    .map((info) => info!.address);
  return [...new Set(['127.0.0.2', '::1', ...found])].filter((address) => address !== '127.0.0.1');
}

function directives(res: HttpResponse): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(res.headers['content-security-policy'] ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

interface Summary {
  ID: string;
  To: { Address: string }[];
}

async function mailsTo(address: string): Promise<Summary[]> {
  const res = await httpRequest(`${mailpit}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  expect(res.status).toBe(200);
  return (res.json as { messages: Summary[] }).messages;
}

async function waitForMail(address: string): Promise<{ ID: string; Text: string; HTML: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [newest] = await mailsTo(address);
    if (newest) return (await httpRequest(`${mailpit}/api/v1/message/${newest.ID}`)).json as never;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Exposure · listening ports', () => {
  const ports = {
    'API (API_URL)': target.apiUrl,
    'database (DB_URL)': target.dbUrl,
    'web app (WEB_URL)': target.webUrl,
    'mail catcher page and API (MAILPIT_URL)': target.mailpitUrl,
    'mail catcher SMTP (SMTP_URL)': target.smtpUrl,
  };

  for (const [name, url] of Object.entries(ports)) {
    it(`${name}: reported on 127.0.0.1, open there, refused on every other address`, async () => {
      expect(url, `${name} is reported by the stack`).toBeTypeOf('string');
      const { host, port } = portOf(url);
      expect(host).toBe('127.0.0.1');
      expect(await connect('127.0.0.1', port)).toBe('open');
      const others = otherAddresses();
      const answers = await Promise.all(
        others.map(async (address) => [address, await connect(address, port)]),
      );
      for (const [address, answer] of answers) expect(answer, `${address}:${port}`).not.toBe('open');
    });
  }
});

describe('API · mail catcher (reading page, HTML mail)', () => {
  const to = `security-${runId}-hostile@cti.local`;
  let id = '';

  beforeAll(async () => {
    expect(target.smtpUrl, 'SMTP_URL').toBeTypeOf('string');
    await sendSmtp(target.smtpUrl!, {
      from: 'mallory@example.net',
      to,
      message: [
        'From: "Mallory <script>" <mallory@example.net>',
        `To: ${to}`,
        'Subject: <img src=x onerror=alert(1)>',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p onclick="x()">Hi</p><script>parent.document.title="owned"</script>',
        '<img src="https://tracker.example/p.gif"><form action="https://evil.example"><input name=p></form>',
        '.hidden line starting with a dot',
      ].join('\n'),
    });
    id = (await waitForMail(to)).ID;
  });

  afterAll(async () => {
    await httpRequest(`${mailpit}/api/v1/messages`, {
      method: 'DELETE',
      body: JSON.stringify({ IDs: [id] }),
    });
  });

  it('the list page: CSP without scripts that nothing may frame, DENY, nosniff, no-referrer', async () => {
    const res = await httpRequest(`${mailpit}/`);
    expect(res.status).toBe(200);
    const csp = directives(res);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).not.toMatch(/<script/i);
  });

  it('the message page escapes the hostile headers and frames the HTML part sandboxed', async () => {
    const res = await httpRequest(`${mailpit}/view/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script|<img src=x|<[^>]*\sonerror=/i);
    expect(res.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const frames = [...res.text.matchAll(/<iframe\b[^>]*>/gi)].map((m) => m[0]);
    expect(frames).toHaveLength(1);
    const sandbox = /\ssandbox="([^"]*)"/.exec(frames[0]!)?.[1];
    expect(sandbox, 'the frame has a sandbox attribute').toBeDefined();
    expect(sandbox!.split(/\s+/)).not.toContain('allow-scripts');
    expect(sandbox!.split(/\s+/)).not.toContain('allow-same-origin');
    expect(directives(res).get('frame-src')).toEqual(["'self'"]);
  });

  it('the framed HTML part is served under a sandbox CSP: no scripts, no same origin, nothing remote', async () => {
    const res = await httpRequest(`${mailpit}/view/${id}/html`);
    expect(res.status).toBe(200);
    const csp = directives(res);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('sandbox')).not.toContain('allow-scripts');
    expect(csp.get('sandbox')).not.toContain('allow-same-origin');
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Stored raw, rendered inert: the mail's own markup is there, only the policy disarms it.
    expect(res.text).toContain('<script>parent.document.title="owned"</script>');
    expect(res.text).toContain('.hidden line starting with a dot');
  });

  it('no CORS: another origin can neither read the mail nor delete it', async () => {
    const read = await httpRequest(`${mailpit}/api/v1/messages`, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await httpRequest(`${mailpit}/api/v1/messages`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('DNS rebinding: a request addressed to another host name (a page that re-pointed its name at 127.0.0.1) gets 421 and no mail', async () => {
    for (const path of ['/api/v1/messages', '/']) {
      const res = await httpRequest(`${mailpit}${path}`, { headers: { Host: 'rebind.evil.example' } });
      expect(res.status, path).toBe(421);
      expect(res.text, path).not.toContain(to);
    }
  });
});

describe('API · password recovery (/auth/v1/recover, /auth/v1/verify)', () => {
  const known = `security-${runId}-recover@cti.local`;
  const unknown = `security-${runId}-nobody@cti.local`;
  const service = apiHeaders(target.serviceRoleKey, undefined, { 'Content-Type': 'application/json' });
  const anon = apiHeaders(target.anonKey, undefined, { 'Content-Type': 'application/json' });
  let userId = '';

  beforeAll(async () => {
    const res = await httpRequest(`${target.apiUrl}/auth/v1/admin/users`, {
      method: 'POST',
      headers: service,
      body: JSON.stringify({ email: known, password: `Recover-${runId}-Aa1!`, email_confirm: true }),
    });
    expect(res.status, res.text).toBe(200);
    userId = (res.json as { id: string }).id;
  });

  afterAll(async () => {
    await httpRequest(`${target.apiUrl}/auth/v1/admin/users/${userId}`, {
      method: 'DELETE',
      headers: service,
    });
  });

  const recover = (email: string) =>
    httpRequest(`${target.apiUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: anon,
      body: JSON.stringify({ email }),
    });

  it('a known and an unknown address get the same answer (status, body); only the known one gets mail', async () => {
    const a = await recover(unknown);
    const b = await recover(known);
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.text).toBe(a.text);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    await waitForMail(known);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('the recovery token works once: the link signs in, then link and code are both refused', async () => {
    const mail = await waitForMail(known);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
    const code = /enter the code: (\d+)/.exec(mail.Text)?.[1];
    expect(link, 'a verify link in the mail').toBeDefined();
    expect(code, 'a code in the mail').toBeDefined();
    const linkPath = link!.replace(/^https?:\/\/[^/]+/, target.apiUrl);

    const first = await httpRequest(linkPath);
    expect(first.status).toBe(303);
    const firstFragment = new URLSearchParams(new URL(String(first.headers.location)).hash.slice(1));
    expect(firstFragment.get('type')).toBe('recovery');
    expect(firstFragment.get('access_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const second = await httpRequest(linkPath);
    expect(second.status).toBe(303);
    const secondFragment = new URLSearchParams(new URL(String(second.headers.location)).hash.slice(1));
    expect(secondFragment.get('access_token')).toBeNull();
    expect(secondFragment.get('error_code')).toBe('otp_expired');

    const byCode = await httpRequest(`${target.apiUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: anon,
      body: JSON.stringify({ type: 'recovery', email: known, token: code }),
    });
    expect(byCode.status).toBe(403);
    expect((byCode.json as { code?: string }).code).toBe('otp_expired');
  });
});
