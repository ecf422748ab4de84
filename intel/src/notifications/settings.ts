import path from 'node:path';
import { readStackStatus } from '../../../infra/stack/lib/stack-status.mjs';
import { REPO_ROOT } from '../db/connect.js';
import type { OutboundPolicy } from '../outbound/address-rules.js';
import type { SmtpSettings } from './send.js';

/** What the worker needs besides the database: where mail goes and the app's address for links. */
export interface NotificationSettings {
  /** Undefined when no SMTP server is known: e-mail deliveries then fail with that reason (and retry). */
  smtp?: SmtpSettings;
  appUrl: string;
  /** Which addresses webhooks may be posted to (the administrators' settings; default rules without). */
  outbound?: OutboundPolicy;
}

const DEFAULT_SENDER = 'CTI platform <notifications@cti.localhost>';

/**
 * `SMTP_URL` (and `SMTP_SENDER`) from the environment, else the stack's status (`SMTP_URL`,
 * `SMTP_SENDER`: the local mail catcher, when the stack runs one); the app's address from `APP_URL`,
 * else the stack's `WEB_URL`, else the port `npm start` serves it on.
 */
export function resolveNotificationSettings(options: { workdir?: string } = {}): NotificationSettings {
  const env = process.env;
  const status =
    env.SMTP_URL && env.APP_URL
      ? undefined
      : (readStackStatus(path.resolve(options.workdir ?? REPO_ROOT)).status as
          Record<string, unknown> | undefined);
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const url = text(env.SMTP_URL) ?? text(status?.SMTP_URL);
  return {
    smtp: url
      ? { url, sender: text(env.SMTP_SENDER) ?? text(status?.SMTP_SENDER) ?? DEFAULT_SENDER }
      : undefined,
    appUrl: text(env.APP_URL) ?? text(status?.WEB_URL) ?? 'http://localhost:4173',
  };
}
