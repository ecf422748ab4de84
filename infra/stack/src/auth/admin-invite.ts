/**
 * Invitations and the links `generate_link` hands out (GoTrue's internal/api/invite.go and
 * mail.go): an invited user is created without a password and with an `email` identity, or an
 * unconfirmed one is invited again; the invitation's code is kept as a sign-up's (a SHA-224 of
 * e-mail and code in `confirmation_token`, also in auth.one_time_tokens) with `invited_at`.
 */
import { randomUUID } from 'node:crypto';
import { generateOtp, tokenHash } from './confirmation.js';
import type { Db } from './db.js';
import { unprocessable } from './errors.js';
import { rememberToken } from './mail/flows.js';
import type { JsonMap, UserRow } from './user-json.js';
import { isConfirmed } from './user-json.js';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ROLE,
  EMAIL_PROVIDER_METADATA,
  findUserByEmail,
  findUserRowById,
  insertIdentity,
  insertUser,
  mergeUserMetadata,
} from './user-store.js';

export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** The user an invitation or sign-up link is for: new (no password unless given), or unconfirmed. */
export async function unconfirmedUser(
  db: Db,
  email: string,
  data: JsonMap | undefined,
  encryptedPassword = '',
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (isConfirmed(existing)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    if (data) await mergeUserMetadata(db, existing.id, data);
    return { user: (await findUserRowById(db, existing.id))!, created: false };
  }
  // As GoTrue's admin paths do: user_metadata is the caller's data alone; the claims go to the identity.
  const id = randomUUID();
  await insertUser(db, {
    id,
    aud: DEFAULT_AUDIENCE,
    role: DEFAULT_ROLE,
    email,
    phone: null,
    encryptedPassword,
    appMetadata: EMAIL_PROVIDER_METADATA,
    userMetadata: data ?? {},
    emailConfirmed: false,
    phoneConfirmed: false,
    isAnonymous: false,
  });
  const identityData = { sub: id, email, email_verified: false, phone_verified: false };
  await insertIdentity(db, { userId: id, provider: 'email', providerId: id, identityData });
  return { user: (await findUserRowById(db, id))!, created: true };
}

/** A fresh confirmation code for `user` (sign-up or, with `invite`, an invitation); returns it and its hash. */
export async function newConfirmationCode(
  db: Db,
  user: UserRow,
  otpLength: number,
  invite: boolean,
): Promise<{ otp: string; hash: string }> {
  const email = user.email ?? '';
  const otp = generateOtp(otpLength);
  const hash = tokenHash(email, otp);
  await db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now(),
        invited_at = case when $3 then now() else invited_at end
      where id = $1`,
    [user.id, hash, invite],
  );
  await rememberToken(db, user.id, 'confirmation_token', hash, email);
  return { otp, hash };
}
