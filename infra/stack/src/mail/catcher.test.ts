/** The catcher's store, Mailpit shapes and page, without sockets. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fillTemplate, renderMail } from '../auth/mail/templates.js';
import { messageJson, parseMessage, summaryJson } from './message.js';
import { inertHtml, linkify } from './page.js';
import { matches } from './search.js';
import { MailStore } from './store.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const RAW = Buffer.from(
  [
    'From: "Alice A." <alice@example.org>',
    'To: bob@example.org, "Carol" <carol@example.org>',
    'Subject: =?UTF-8?Q?R=C3=A9sum=C3=A9?=',
    'Message-ID: <abc@example.org>',
    'Date: Tue, 01 Dec 2026 12:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello  there,\r\nsee https://example.org/x?a=1&b=<2>',
    '',
  ].join('\r\n'),
);

const envelope = {
  recipients: ['bob@example.org', 'carol@example.org', 'dave@example.org'],
  mailFrom: 'alice@example.org',
};

describe('caught messages', () => {
  it('parse into Mailpit summary and message shapes, with Bcc from the envelope', async () => {
    const message = await parseMessage(RAW, envelope);
    const summary = summaryJson(message);
    expect(summary).toMatchObject({
      MessageID: 'abc@example.org',
      Read: false,
      From: { Name: 'Alice A.', Address: 'alice@example.org' },
      To: [
        { Name: '', Address: 'bob@example.org' },
        { Name: 'Carol', Address: 'carol@example.org' },
      ],
      Bcc: [{ Name: '', Address: 'dave@example.org' }],
      Subject: 'Résumé',
      Size: RAW.length,
      Attachments: 0,
      Tags: [],
    });
    expect(summary.Snippet).toBe('Hello there, see https://example.org/x?a=1&b=<2>');
    expect(summary.ID).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(messageJson(message)).toMatchObject({
      Date: '2026-12-01T12:00:00.000Z',
      ReturnPath: 'alice@example.org',
    });
    expect(matches(message, 'to:carol subject:résumé')).toBe(true);
    expect(matches(message, 'to:mallory')).toBe(false);
  });

  it('are kept newest first within the count and size caps, on disk, and read back after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-store-test-'));
    dirs.push(dir);
    const store = new MailStore(dir, { maxMessages: 2, maxTotalBytes: 10 * RAW.length });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const message = await parseMessage(RAW, envelope, undefined, new Date(Date.UTC(2026, 11, 1, 12, i)));
      ids.push(message.id);
      store.add(message);
    }
    expect(store.list().map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(readdirSync(dir)).toHaveLength(2);
    const again = new MailStore(dir, { maxMessages: 2, maxTotalBytes: 10 * RAW.length });
    expect(await again.load()).toBe(2);
    expect(again.get('latest')?.id).toBe(ids[2]);
    expect(again.delete([ids[1]!])).toBe(1);
    expect(again.delete()).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    const small = new MailStore(undefined, { maxMessages: 10, maxTotalBytes: RAW.length * 1.5 });
    small.add(await parseMessage(RAW, envelope));
    small.add(await parseMessage(RAW, envelope));
    expect(small.list()).toHaveLength(1);
  });

  it('render text escaped with clickable links, and HTML only as a separate document', async () => {
    expect(linkify('go <b> https://x.test/a?b=1&c=2 now')).toBe(
      'go &lt;b&gt; <a href="https://x.test/a?b=1&amp;c=2" target="_blank" rel="noreferrer noopener">https://x.test/a?b=1&amp;c=2</a> now',
    );
    const message = await parseMessage(RAW, envelope);
    message.html = '<script>alert(1)</script>';
    expect(inertHtml(message)).toMatch(
      /^<!doctype html><meta charset="utf-8"><base target="_blank"><script>/,
    );
  });
});

describe("auth's mail templates", () => {
  const vars = {
    ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=x',
    Token: '123456',
    TokenHash: 'abc',
    SiteURL: 'http://127.0.0.1:4173',
    RedirectTo: 'x',
    Email: 'a@b.test',
    NewEmail: '',
  };

  it('default to GoTrue subjects with the link and the code', () => {
    const mail = renderMail('recovery', vars, undefined);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.html).toContain(
      'href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=recovery&amp;redirect_to=x"',
    );
    expect(mail.text).toContain(vars.ConfirmationURL);
    expect(mail.text).toContain('enter the code: 123456');
  });

  it('take a custom subject and body, escaping values and leaving unknown names visible', () => {
    const mail = renderMail(
      'magic_link',
      { ...vars, Email: '<x>' },
      { subject: 'Sign in to {{ .SiteURL }}', content: '{{.Email}} {{ .Nope }}' },
    );
    expect(mail.subject).toBe('Sign in to http://127.0.0.1:4173');
    expect(mail.html).toBe('&lt;x&gt; {{ .Nope }}');
    expect(fillTemplate('{{ .Token }}', vars)).toBe('123456');
  });
});
