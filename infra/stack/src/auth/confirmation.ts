/**
 * Sign-up confirmation when `[auth.email] enable_confirmations` is on: the mail GoTrue sends (link
 * and code) goes out through the installation's SMTP route (mail/mailer.ts; the local catcher by
 * default), and the token is kept the way GoTrue keeps it: a SHA-224 of email and code, in
 * `users.confirmation_token` and in `auth.one_time_tokens`.
 */
import { createHash, randomInt } from 'node:crypto';
import type { AuthCall } from './auth-call.js';
import type { Db } from './db.js';
import type { UserRow } from './user-json.js';
import { requestedRedirect, verifyLink } from './mail/links.js';
import { queueAuthMail, takeEmailBudget } from './mail/mailer.js';

export const OTP_LENGTH = 6;
/** The CLI's `[auth.email] otp_expiry` default. */
export const OTP_EXPIRY_SECONDS = 3600;

/** GoTrue's crypto.GenerateTokenHash. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** `length` digits (`[auth.email] otp_length`), each drawn uniformly. */
export function generateOtp(length = OTP_LENGTH): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

export async function startEmailConfirmation(call: AuthCall, db: Db, user: UserRow): Promise<void> {
  takeEmailBudget(call.ctx);
  const email = user.email ?? '';
  const otp = generateOtp(call.ctx.config.auth.email.otpLength);
  const hash = tokenHash(email, otp);
  await db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (gen_random_uuid(), $1, 'confirmation_token', $2, $3, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
        updated_at = now()`,
    [user.id, hash, email],
  );
  const redirectTo = requestedRedirect(call);
  queueAuthMail(call.ctx, {
    to: email,
    type: 'confirmation',
    vars: {
      ConfirmationURL: verifyLink(call, hash, 'signup', redirectTo),
      Token: otp,
      TokenHash: hash,
      SiteURL: call.ctx.config.auth.siteUrl,
      RedirectTo: redirectTo,
      Email: email,
      NewEmail: '',
    },
  });
}

export interface PendingConfirmation {
  userId: string;
}

/** The user a confirmation token (hash) or email+code belongs to, if it is still pending. */
export async function findPendingConfirmation(
  db: Db,
  match: { tokenHash: string } | { email: string; otp: string },
  expirySeconds = OTP_EXPIRY_SECONDS,
): Promise<PendingConfirmation | undefined> {
  const hash = 'tokenHash' in match ? match.tokenHash : tokenHash(match.email.toLowerCase(), match.otp);
  if (hash === '') return undefined;
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users
      where confirmation_token = $1 and email_confirmed_at is null
        and confirmation_sent_at > now() - make_interval(secs => $2)
      limit 1`,
    [hash, expirySeconds],
  );
  return rows[0] ? { userId: rows[0].id } : undefined;
}
