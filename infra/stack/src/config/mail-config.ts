/**
 * The mail settings of config.toml, with the keys and defaults of the pinned Supabase CLI (3.1.0,
 * `supabase init`):
 * - `[local_smtp]` (CLI 2 called it `[inbucket]`): the local mail catcher; `port` is its web page and
 *   API (54324), `smtp_port` its SMTP listener (commented out in the CLI's file, 54325 here because
 *   this stack always listens), `admin_email`/`sender_name` the sender of auth's mails through it.
 *   `pop3_port` is accepted and ignored: this catcher has no POP3 server.
 * - `[auth.email.smtp]`: a real SMTP server (host, port, user, pass = "env(NAME)", admin_email,
 *   sender_name, enabled); when enabled, mail goes there instead of to the catcher.
 * - `[auth.email.template.<type>]`: subject and content_path (relative to the workdir, as the CLI's
 *   example `./supabase/templates/invite.html` is) of auth's mails.
 * - `[auth.email]` otp_length, otp_expiry, max_frequency, double_confirm_changes.
 * Reference: https://supabase.com/docs/guides/local-development/cli/config
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDurationSeconds } from './durations.js';

type Table = Record<string, unknown>;

export interface LocalSmtpConfig {
  enabled: boolean;
  /** Web page and Mailpit-compatible API. */
  port: number;
  smtpPort: number;
  adminEmail: string | undefined;
  senderName: string | undefined;
}

export interface SmtpServerConfig {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
}

export const EMAIL_TEMPLATE_TYPES = [
  'invite',
  'confirmation',
  'recovery',
  'magic_link',
  'email_change',
  'reauthentication',
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export interface EmailTemplate {
  subject?: string;
  /** The template's text, read at start-up (a missing file is a config error, said at once). */
  content?: string;
}

export interface AuthEmailConfig {
  /** Undefined: no real server configured (or `enabled = false`); mail goes to the catcher. */
  smtp: SmtpServerConfig | undefined;
  templates: Partial<Record<EmailTemplateType, EmailTemplate>>;
  otpLength: number;
  otpExpirySeconds: number;
  /** Least time between two confirmation or recovery mails to one user. */
  maxFrequencySeconds: number;
  doubleConfirmChanges: boolean;
}

/** Where a mail goes and who it is from: the configured server, else the catcher. */
export interface MailRoute {
  url: string;
  sender: string;
}

export const DEFAULT_SENDER_NAME = 'CTI Platform';
/** `.localhost` is reserved (RFC 6761): a default sender can never be someone's real address. */
export const DEFAULT_ADMIN_EMAIL = 'noreply@cti.localhost';

function fail(key: string, what: string): never {
  throw new Error(`config.toml: ${key} ${what}`);
}

function get<T>(t: Table, key: string, kind: 'number' | 'string' | 'boolean', fallback: T, where: string): T {
  const v = t[key];
  if (v === undefined) return fallback;
  if (typeof v !== kind) fail(`${where} ${key}`, `must be a ${kind === 'boolean' ? 'true or false' : kind}`);
  return v as T;
}

function port(t: Table, key: string, fallback: number, where: string): number {
  const v = get(t, key, 'number', fallback, where);
  if (!Number.isInteger(v) || v < 1 || v > 65535) fail(`${where} ${key}`, 'must be a port number (1-65535)');
  return v;
}

/** `env(NAME)` reads the environment, as the CLI does for secrets; an unset variable is an error. */
export function resolveEnv(value: string, key: string): string {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  if (!match) return value;
  const resolved = process.env[match[1]!];
  if (resolved === undefined) fail(key, `reads the environment variable ${match[1]}, which is not set`);
  return resolved;
}

export function parseLocalSmtp(root: Table): LocalSmtpConfig {
  const raw = root.local_smtp;
  const t = raw && typeof raw === 'object' ? (raw as Table) : {};
  const where = '[local_smtp]';
  const adminEmail = get<string | undefined>(t, 'admin_email', 'string', undefined, where);
  const senderName = get<string | undefined>(t, 'sender_name', 'string', undefined, where);
  const config = {
    enabled: get(t, 'enabled', 'boolean', true, where),
    port: port(t, 'port', 54324, where),
    smtpPort: port(t, 'smtp_port', 54325, where),
    adminEmail,
    senderName,
  };
  if (config.enabled && config.port === config.smtpPort) fail(where, 'port and smtp_port must differ');
  return config;
}

export function parseAuthEmail(email: Table, workdir: string): AuthEmailConfig {
  const where = '[auth.email]';
  const otpLength = get(email, 'otp_length', 'number', 6, where);
  if (!Number.isInteger(otpLength) || otpLength < 6 || otpLength > 10)
    fail(`${where} otp_length`, 'must be a whole number from 6 to 10');
  return {
    smtp: parseSmtp(email.smtp),
    templates: parseTemplates(email.template, workdir),
    otpLength,
    otpExpirySeconds: get(email, 'otp_expiry', 'number', 3600, where),
    maxFrequencySeconds: parseDurationSeconds(email.max_frequency, 1),
    doubleConfirmChanges: get(email, 'double_confirm_changes', 'boolean', true, where),
  };
}

function parseSmtp(raw: unknown): SmtpServerConfig | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'object' || raw === null) fail('[auth.email.smtp]', 'must be a table');
  const t = raw as Table;
  const where = '[auth.email.smtp]';
  if (!get(t, 'enabled', 'boolean', true, where)) return undefined;
  const host = get(t, 'host', 'string', '', where);
  if (host === '') fail(`${where} host`, 'is required when the section is enabled');
  return {
    host,
    port: port(t, 'port', 587, where),
    user: resolveEnv(get(t, 'user', 'string', '', where), `${where} user`),
    pass: resolveEnv(get(t, 'pass', 'string', '', where), `${where} pass`),
    adminEmail: get(t, 'admin_email', 'string', DEFAULT_ADMIN_EMAIL, where),
    senderName: get(t, 'sender_name', 'string', DEFAULT_SENDER_NAME, where),
  };
}

function parseTemplates(raw: unknown, workdir: string): AuthEmailConfig['templates'] {
  const templates: AuthEmailConfig['templates'] = {};
  if (raw === undefined) return templates;
  if (typeof raw !== 'object' || raw === null) fail('[auth.email.template]', 'must be a table');
  for (const [type, value] of Object.entries(raw as Table)) {
    const where = `[auth.email.template.${type}]`;
    if (!(EMAIL_TEMPLATE_TYPES as readonly string[]).includes(type))
      fail(where, `is not a template the CLI knows (${EMAIL_TEMPLATE_TYPES.join(', ')})`);
    const t = (value ?? {}) as Table;
    const subject = get<string | undefined>(t, 'subject', 'string', undefined, where);
    const contentPath = get<string | undefined>(t, 'content_path', 'string', undefined, where);
    let content: string | undefined;
    if (contentPath !== undefined) {
      try {
        content = readFileSync(path.resolve(workdir, contentPath), 'utf8');
      } catch (error) {
        fail(`${where} content_path`, `cannot be read: ${(error as Error).message}`);
      }
    }
    templates[type as EmailTemplateType] = { subject, content };
  }
  return templates;
}

/** `Name <address>`, the name quoted when it holds characters that RFC 5322 reserves. */
export function formatSender(name: string, address: string): string {
  if (name === '') return address;
  const quoted = /^[\w !#$%&'*+\-/=?^`{|}~.]*$/.test(name) ? name : JSON.stringify(name);
  return `${quoted} <${address}>`;
}

/** The server every mail of this installation goes through, and the sender it carries. */
export function mailRoute(localSmtp: LocalSmtpConfig, email: AuthEmailConfig): MailRoute | undefined {
  const smtp = email.smtp;
  if (smtp) {
    const auth = smtp.user
      ? `${encodeURIComponent(smtp.user)}${smtp.pass ? `:${encodeURIComponent(smtp.pass)}` : ''}@`
      : '';
    return {
      url: `smtp://${auth}${smtp.host.includes(':') ? `[${smtp.host}]` : smtp.host}:${smtp.port}`,
      sender: formatSender(smtp.senderName, smtp.adminEmail),
    };
  }
  if (!localSmtp.enabled) return undefined;
  return {
    url: `smtp://127.0.0.1:${localSmtp.smtpPort}`,
    sender: formatSender(
      localSmtp.senderName ?? DEFAULT_SENDER_NAME,
      localSmtp.adminEmail ?? DEFAULT_ADMIN_EMAIL,
    ),
  };
}
