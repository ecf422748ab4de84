/**
 * Sends auth's mails with nodemailer through the installation's SMTP route (mail-config.ts
 * `mailRoute`: `[auth.email.smtp]` when enabled, else the local catcher).
 *
 * The HTTP answer never waits for the SMTP server: the message is handed to the transport and the
 * request returns (GoTrue sends inline and can hang a request on a slow server; the answer here is
 * the same whether or not a mail went, which also keeps it from telling who has an account). Every
 * SMTP step is time-bound, and a failure is logged with the recipient, never the link or code.
 *
 * `[auth.rate_limit] email_sent` counts mails per hour for the whole installation, and only when a
 * real SMTP server is configured, as the CLI documents it ("Requires auth.email.smtp to be enabled").
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailTemplateType } from '../../config/mail-config.js';
import { mailRoute } from '../../config/mail-config.js';
import type { GatewayContext } from '../../kernel/context.js';
import { RateLimiter } from '../../kernel/rate-limit.js';
import { AuthApiError } from '../errors.js';
import { renderMail, type TemplateVariables } from './templates.js';

const HOUR_MS = 60 * 60 * 1000;
/** Connect, greeting and each socket step: a slow server delays only the mail, never the request. */
const SMTP_TIMEOUT_MS = 10_000;

interface GatewayMailer {
  transport: Transporter | undefined;
  sender: string;
  /** Only with a real SMTP server. */
  hourly: RateLimiter | undefined;
  pending: Set<Promise<void>>;
}

const byGateway = new WeakMap<GatewayContext, GatewayMailer>();

function mailerFor(ctx: GatewayContext): GatewayMailer {
  let mailer = byGateway.get(ctx);
  if (mailer) return mailer;
  const route = mailRoute(ctx.config.localSmtp, ctx.config.auth.email);
  mailer = {
    transport: route
      ? nodemailer.createTransport({
          url: route.url,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        } as unknown as string)
      : undefined,
    sender: route?.sender ?? '',
    hourly: ctx.config.auth.email.smtp
      ? new RateLimiter(ctx.config.auth.rateLimit.emailSent, HOUR_MS)
      : undefined,
    pending: new Set(),
  };
  byGateway.set(ctx, mailer);
  return mailer;
}

/**
 * Throws 429 over_email_send_rate_limit when the hourly budget is spent (GoTrue's answer). Call it
 * before changing anything, so a refused request leaves no token behind.
 */
export function takeEmailBudget(ctx: GatewayContext): void {
  const { hourly } = mailerFor(ctx);
  if (hourly && !hourly.take('installation'))
    throw new AuthApiError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
}

export interface AuthMail {
  to: string;
  type: EmailTemplateType;
  vars: TemplateVariables;
}

/** Hands the mail to the SMTP route and returns at once; the outcome goes to the gateway log. */
export function queueAuthMail(ctx: GatewayContext, mail: AuthMail): void {
  const mailer = mailerFor(ctx);
  if (!mailer.transport) {
    ctx.log('warn', 'auth: no mail route ([local_smtp] off and no [auth.email.smtp]); mail not sent', {
      to: mail.to,
      type: mail.type,
    });
    return;
  }
  const rendered = renderMail(mail.type, mail.vars, ctx.config.auth.email.templates[mail.type]);
  const sending = mailer.transport
    .sendMail({ from: mailer.sender, to: mail.to, ...rendered })
    .then(
      () => ctx.log('info', 'auth: mail sent', { to: mail.to, type: mail.type }),
      (error: Error) =>
        ctx.log('error', 'auth: mail could not be sent', {
          to: mail.to,
          type: mail.type,
          error: error.message,
        }),
    )
    .finally(() => mailer.pending.delete(sending));
  mailer.pending.add(sending);
}

/** Waits for mails under way (tests, clean shutdown). */
export async function settleAuthMail(ctx: GatewayContext): Promise<void> {
  await Promise.all([...(byGateway.get(ctx)?.pending ?? [])]);
}
