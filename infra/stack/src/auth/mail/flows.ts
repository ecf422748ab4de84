/**
 * The mails auth sends, each with its one-time token (GoTrue's mailer flows): recovery and magic
 * link share `users.recovery_token`, sign-up confirmation uses `confirmation_token`
 * (confirmation.ts), an e-mail change `email_change_token_new` (and `_current` with
 * `[auth.email] double_confirm_changes`). Only hashes are stored, each also in
 * auth.one_time_tokens; a token is cleared when used (single use) and expires after `otp_expiry`.
 */
import type { AuthCall } from '../auth-call.js';
import { generateOtp, tokenHash } from '../confirmation.js';
import type { Db } from '../db.js';
import type { UserRow } from '../user-json.js';
import { verifyLink } from './links.js';
import { queueAuthMail } from './mailer.js';

type OneTimeTokenType = 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

export async function rememberToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType | 'confirmation_token',
  hash: string,
  relatesTo: string,
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
        updated_at = now()`,
    [userId, type, hash, relatesTo],
  );
}

/**
 * Whether `[auth.email] max_frequency` allows another mail of this kind now (GoTrue answers 429
 * there; we send nothing and answer as usual, so the answer tells nobody the address exists).
 */
export function mayMailAgain(call: AuthCall, sentAt: Date | null | undefined): boolean {
  if (!sentAt) return true;
  return Date.now() - sentAt.getTime() >= call.ctx.config.auth.email.maxFrequencySeconds * 1000;
}

function baseVars(call: AuthCall, email: string, redirectTo: string) {
  return { SiteURL: call.ctx.config.auth.siteUrl, RedirectTo: redirectTo, Email: email, NewEmail: '' };
}

/** Recovery (`type` recovery) or magic link (magiclink): a new code in `recovery_token`, and the mail. */
export async function sendRecoveryMail(
  call: AuthCall,
  db: Db,
  user: UserRow,
  type: 'recovery' | 'magiclink',
  redirectTo: string,
): Promise<void> {
  const email = user.email ?? '';
  const otp = generateOtp(call.ctx.config.auth.email.otpLength);
  const hash = tokenHash(email, otp);
  await db.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await rememberToken(db, user.id, 'recovery_token', hash, email);
  queueAuthMail(call.ctx, {
    to: email,
    type: type === 'recovery' ? 'recovery' : 'magic_link',
    vars: {
      ...baseVars(call, email, redirectTo),
      ConfirmationURL: verifyLink(call, hash, type, redirectTo),
      Token: otp,
      TokenHash: hash,
    },
  });
}

/** An e-mail change waiting for confirmation: a code for the new address (and one for the current). */
export async function sendEmailChangeMails(
  call: AuthCall,
  db: Db,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<void> {
  const { otpLength, doubleConfirmChanges } = call.ctx.config.auth.email;
  const current = user.email ?? '';
  const otpNew = generateOtp(otpLength);
  const hashNew = tokenHash(newEmail, otpNew);
  const double = doubleConfirmChanges && current !== '';
  const otpCurrent = double ? generateOtp(otpLength) : '';
  const hashCurrent = double ? tokenHash(current, otpCurrent) : '';
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
        email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  );
  await rememberToken(db, user.id, 'email_change_token_new', hashNew, newEmail);
  if (double) await rememberToken(db, user.id, 'email_change_token_current', hashCurrent, current);
  const vars = { ...baseVars(call, current, redirectTo), NewEmail: newEmail };
  const mails = [{ to: newEmail, otp: otpNew, hash: hashNew }];
  if (double) mails.push({ to: current, otp: otpCurrent, hash: hashCurrent });
  for (const mail of mails) {
    queueAuthMail(call.ctx, {
      to: mail.to,
      type: 'email_change',
      vars: {
        ...vars,
        ConfirmationURL: verifyLink(call, mail.hash, 'email_change', redirectTo),
        Token: mail.otp,
        TokenHash: mail.hash,
      },
    });
  }
}

/** Clears a used recovery / magic-link code at once (single use); the user it belonged to. */
export async function consumeRecoveryToken(
  db: Db,
  match: { tokenHash: string } | { email: string; otp: string },
  expirySeconds: number,
): Promise<string | undefined> {
  const hash = 'tokenHash' in match ? match.tokenHash : tokenHash(match.email.toLowerCase(), match.otp);
  if (hash === '') return undefined;
  const { rows } = await db.query<{ id: string }>(
    `update auth.users set recovery_token = '', updated_at = now()
      where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
      returning id`,
    [hash, expirySeconds],
  );
  const id = rows[0]?.id;
  if (id)
    await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [
      id,
    ]);
  return id;
}

export type EmailChangeStep =
  | { state: 'none' }
  /** One of two confirmations is in; the other address still has to confirm. */
  | { state: 'half'; userId: string }
  | { state: 'done'; userId: string; email: string };

/** Uses an e-mail change code (new or current address); applies the change once all are in. */
export async function consumeEmailChangeToken(
  db: Db,
  match: { tokenHash: string } | { email: string; otp: string },
  expirySeconds: number,
): Promise<EmailChangeStep> {
  const hash = 'tokenHash' in match ? match.tokenHash : tokenHash(match.email.toLowerCase(), match.otp);
  if (hash === '') return { state: 'none' };
  const { rows } = await db.query<{ id: string; email_change: string; other: string; which: string }>(
    `select id, email_change,
            coalesce(case when email_change_token_new = $1 then email_change_token_current
                          else email_change_token_new end, '') as other,
            case when email_change_token_new = $1 then 'new' else 'current' end as which
       from auth.users
      where $1 in (email_change_token_new, email_change_token_current) and email_change <> ''
        and email_change_sent_at > now() - make_interval(secs => $2)
      for update`,
    [hash, expirySeconds],
  );
  const row = rows[0];
  if (!row) return { state: 'none' };
  const used = row.which === 'new' ? 'email_change_token_new' : 'email_change_token_current';
  await db.query(`update auth.users set ${used} = '', email_change_confirm_status = 1 where id = $1`, [
    row.id,
  ]);
  await db.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [row.id, used],
  );
  if (row.other !== '') return { state: 'half', userId: row.id };
  return { state: 'done', userId: row.id, email: row.email_change };
}
