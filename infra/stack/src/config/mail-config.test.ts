/** `[local_smtp]`, `[auth.email.smtp]` and templates as the pinned CLI (3.1.0) writes them. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from './project-config.js';
import { formatSender, mailRoute } from './mail-config.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function configWith(toml: string, files: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-config-test-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'supabase'));
  writeFileSync(path.join(dir, 'supabase', 'config.toml'), `project_id = "t"\n${toml}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return loadProjectConfig(dir);
}

describe('mail settings in config.toml', () => {
  it('defaults to the CLI catcher on 54324 (web) and 54325 (SMTP), sending through it', () => {
    const config = configWith('');
    expect(config.localSmtp).toEqual({
      enabled: true,
      port: 54324,
      smtpPort: 54325,
      adminEmail: undefined,
      senderName: undefined,
    });
    expect(config.auth.email.smtp).toBeUndefined();
    expect(config.auth.email).toMatchObject({
      otpLength: 6,
      otpExpirySeconds: 3600,
      doubleConfirmChanges: true,
    });
    expect(mailRoute(config.localSmtp, config.auth.email)).toEqual({
      url: 'smtp://127.0.0.1:54325',
      sender: 'CTI Platform <noreply@cti.localhost>',
    });
  });

  it('reads [local_smtp] ports and sender, and refuses bad ports', () => {
    const config = configWith(
      '[local_smtp]\nport = 26324\nsmtp_port = 26325\npop3_port = 26326\nadmin_email = "a@b.test"\nsender_name = "Ops, Team"',
    );
    expect(config.localSmtp).toMatchObject({ port: 26324, smtpPort: 26325 });
    expect(mailRoute(config.localSmtp, config.auth.email)?.sender).toBe('"Ops, Team" <a@b.test>');
    expect(() => configWith('[local_smtp]\nport = "x"')).toThrow('[local_smtp] port must be a number');
    expect(() => configWith('[local_smtp]\nsmtp_port = 70000')).toThrow('must be a port number');
    expect(() => configWith('[local_smtp]\nport = 26000\nsmtp_port = 26000')).toThrow('must differ');
    expect(
      mailRoute(configWith('[local_smtp]\nenabled = false').localSmtp, config.auth.email),
    ).toBeUndefined();
  });

  it('sends through [auth.email.smtp] when enabled, the password from env(), credentials URL-encoded', () => {
    process.env.MAIL_TEST_PASS = 'p@ss:w/rd';
    const config = configWith(
      '[auth.email.smtp]\nenabled = true\nhost = "smtp.example.org"\nport = 587\nuser = "cti user"\npass = "env(MAIL_TEST_PASS)"\nadmin_email = "cti@example.org"\nsender_name = "CTI"',
    );
    expect(mailRoute(config.localSmtp, config.auth.email)).toEqual({
      url: 'smtp://cti%20user:p%40ss%3Aw%2Frd@smtp.example.org:587',
      sender: 'CTI <cti@example.org>',
    });
    expect(configWith('[auth.email.smtp]\nenabled = false\nhost = "x"').auth.email.smtp).toBeUndefined();
    expect(() => configWith('[auth.email.smtp]\nhost = "x"\npass = "env(MAIL_TEST_UNSET_VAR)"')).toThrow(
      'MAIL_TEST_UNSET_VAR, which is not set',
    );
    expect(() => configWith('[auth.email.smtp]\nport = 25')).toThrow('host is required');
  });

  it('reads custom templates from content_path and refuses unknown ones', () => {
    const config = configWith(
      '[auth.email.template.recovery]\nsubject = "Reset"\ncontent_path = "./recovery.html"',
      { 'recovery.html': '<a href="{{ .ConfirmationURL }}">go</a>' },
    );
    expect(config.auth.email.templates.recovery).toEqual({
      subject: 'Reset',
      content: '<a href="{{ .ConfirmationURL }}">go</a>',
    });
    expect(() => configWith('[auth.email.template.recovery]\ncontent_path = "./missing.html"')).toThrow(
      'cannot be read',
    );
    expect(() => configWith('[auth.email.template.welcome]\nsubject = "x"')).toThrow('is not a template');
  });

  it('quotes sender names that RFC 5322 reserves characters in', () => {
    expect(formatSender('CTI Platform', 'a@b.test')).toBe('CTI Platform <a@b.test>');
    expect(formatSender('A "B" <C>', 'a@b.test')).toBe('"A \\"B\\" <C>" <a@b.test>');
    expect(formatSender('', 'a@b.test')).toBe('a@b.test');
  });
});
