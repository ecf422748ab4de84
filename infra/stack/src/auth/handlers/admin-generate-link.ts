/**
 * POST /admin/generate_link (GoTrue's adminGenerateLink, internal/api/mail.go), for the service
 * role: makes the link and code a mail would carry, without sending it, for signup, invite,
 * magiclink, recovery, email_change_current and email_change_new. Answers the user's JSON with
 * action_link, email_otp, hashed_token, verification_type and redirect_to beside it. A magic link
 * for an unknown address signs the address up (with a random password), as GoTrue does; recovery
 * and e-mail change need an existing user (404 user_not_found).
 */
import { randomBytes } from 'node:crypto';
import { sendJson } from '../../kernel/http.js';
import { newConfirmationCode, unconfirmedUser } from '../admin-invite.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { generateOtp, tokenHash } from '../confirmation.js';
import { withTransaction, type Db } from '../db.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { rememberToken } from '../mail/flows.js';
import { requestedRedirect, verifyLink } from '../mail/links.js';
import { assertAcceptablePassword, hashPassword } from '../password.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { userJson, type UserRow } from '../user-json.js';
import { findUserByEmail, findUserById, findUserHoldingEmail } from '../user-store.js';
import { validateEmail } from '../validation.js';
import { DUPLICATE_EMAIL } from '../admin-invite.js';
import { metadataParam } from './admin-invite.js';

const TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

interface Link {
  user: UserRow;
  otp: string;
  hash: string;
}

async function recoveryCode(db: Db, user: UserRow, otpLength: number): Promise<Link> {
  const email = user.email ?? '';
  const otp = generateOtp(otpLength);
  const hash = tokenHash(email, otp);
  await db.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  );
  await rememberToken(db, user.id, 'recovery_token', hash, email);
  return { user, otp, hash };
}

async function emailChangeCode(
  db: Db,
  user: UserRow,
  newEmail: string,
  current: boolean,
  otpLength: number,
): Promise<Link> {
  const holder = await findUserHoldingEmail(db, newEmail, user.aud ?? 'authenticated');
  if (holder && holder.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const otp = generateOtp(otpLength);
  const hash = tokenHash(current ? (user.email ?? '') : newEmail, otp);
  const column = current ? 'email_change_token_current' : 'email_change_token_new';
  await db.query(
    `update auth.users set email_change = $2, ${column} = $3, email_change_confirm_status = 0,
        email_change_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, newEmail, hash],
  );
  await rememberToken(db, user.id, column, hash, current ? (user.email ?? '') : newEmail);
  return { user, otp, hash };
}

export async function adminGenerateLink(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const admin = await requireAdmin(call);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  let type = stringOrEmpty(body, 'type');
  const email = validateEmail(stringOrEmpty(body, 'email'));
  if (!TYPES.includes(type))
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  const data = metadataParam(body);
  const redirectTo = requestedRedirect(call, body);
  const otpLength = ctx.config.auth.email.otpLength;
  const existing = await findUserByEmail(ctx.pools.auth, email);
  if (!existing && type === 'magiclink') type = 'signup';
  if (!existing && type !== 'signup' && type !== 'invite')
    throw notFound('user_not_found', 'User with this email not found');
  let newEmail = '';
  if (type.startsWith('email_change')) newEmail = validateEmail(stringOrEmpty(body, 'new_email'));
  let encryptedPassword = '';
  if (type === 'signup' && !existing) {
    const password = stringOrEmpty(body, 'password') || randomBytes(48).toString('base64url');
    assertAcceptablePassword(password, {
      minimumLength: ctx.config.auth.minimumPasswordLength,
      requirements: ctx.config.auth.passwordRequirements,
    });
    encryptedPassword = await hashPassword(password);
  }

  const link = await withTransaction(ctx.pools.auth, async (client): Promise<Link> => {
    const actor = adminActor(admin.role);
    if (type === 'signup' || type === 'invite') {
      const { user, created } = await unconfirmedUser(client, email, data, encryptedPassword);
      const action =
        type === 'invite' ? 'user_invited' : created ? 'user_signedup' : 'user_confirmation_requested';
      await writeAudit(client, actor, action, call.ip, { user_id: user.id, user_email: email });
      return { user, ...(await newConfirmationCode(client, user, otpLength, type === 'invite')) };
    }
    if (type === 'magiclink' || type === 'recovery') {
      await writeAudit(client, actor, 'user_recovery_requested', call.ip, { user_id: existing!.id });
      return recoveryCode(client, existing!, otpLength);
    }
    return emailChangeCode(client, existing!, newEmail, type === 'email_change_current', otpLength);
  });
  const linkType = type.startsWith('email_change') ? 'email_change' : type;
  const record = (await findUserById(ctx.pools.auth, link.user.id))!;
  sendJson(call.res, 200, {
    ...userJson(record),
    action_link: verifyLink(call, link.hash, linkType, redirectTo),
    email_otp: link.otp,
    hashed_token: link.hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
