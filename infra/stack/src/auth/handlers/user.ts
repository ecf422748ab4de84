/** GET and PUT /user: the signed-in user (GoTrue's UserGet and UserUpdate). */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { ADMIN_ROLES, requireUser } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { applyEmailChange } from '../email-change.js';
import { sendEmailChangeMails } from '../mail/flows.js';
import { requestedRedirect } from '../mail/links.js';
import { takeEmailBudget } from '../mail/mailer.js';
import type { Db } from '../db.js';
import { badRequest, forbidden, unprocessable } from '../errors.js';
import { clearPasswordChangeRequired } from '../password-change.js';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../password.js';
import { optionalObject, optionalString, readJsonObject, stringOrEmpty } from '../request-body.js';
import { endSessions, sessionAmr } from '../session-store.js';
import { hasPassword, userJson } from '../user-json.js';
import {
  DEFAULT_AUDIENCE,
  findUserById,
  findUserHoldingEmail,
  mergeAppMetadata,
  mergeUserMetadata,
  storePassword,
} from '../user-store.js';
import { validateEmail } from '../validation.js';

export async function getUser(call: AuthCall): Promise<void> {
  const { claims, user } = await requireUser(call);
  const aud = Array.isArray(claims.aud) ? (claims.aud as unknown[])[0] : claims.aud;
  if (aud !== DEFAULT_AUDIENCE)
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  sendJson(call.res, 200, userJson(user));
}

export async function updateUser(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const { user, session } = await requireUser(call);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const row = user.row;
  const emailParam = stringOrEmpty(body, 'email');
  const email = emailParam === '' ? '' : validateEmail(emailParam);
  const password = optionalString(body, 'password');
  const data = optionalObject(body, 'data');
  const appData = optionalObject(body, 'app_metadata');
  const phone = stringOrEmpty(body, 'phone');
  if (phone !== '' && phone !== (row.phone ?? ''))
    throw badRequest('sms_send_failed', 'Phone changes need an SMS provider, which this stack does not have');
  if (password !== undefined) {
    assertAcceptablePassword(password, {
      minimumLength: ctx.config.auth.minimumPasswordLength,
      requirements: ctx.config.auth.passwordRequirements,
    });
  }
  if (appData && !ADMIN_ROLES.includes(row.role ?? ''))
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  if (row.is_anonymous && password && email === '') {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const emailChanges = email !== '' && email !== (row.email ?? '');
  const pool = ctx.pools.auth;
  const mailsChange = emailChanges && ctx.config.auth.enableConfirmations;
  if (mailsChange) takeEmailBudget(ctx);
  if (emailChanges && (await findUserHoldingEmail(pool, email, row.aud ?? DEFAULT_AUDIENCE, row.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  let encryptedPassword: string | undefined;
  if (password && ctx.config.auth.requireCurrentPassword && hasPassword(row)) {
    await assertCurrentPassword(pool, row.encrypted_password, body, session?.id);
  }
  if (password) {
    if (hasPassword(row) && (await verifyPassword(password, row.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    encryptedPassword = await hashPassword(password);
  }

  const updated = await withTransaction(pool, async (client) => {
    const actor = actorFromUser(row);
    if (encryptedPassword !== undefined) {
      await storePassword(client, row.id, encryptedPassword);
      await clearPasswordChangeRequired(client, row.id);
      // A new password means the old one may be known to someone else: end the other sessions.
      await endSessions(client, row.id, 'others', session?.id);
      await writeAudit(client, actor, 'user_updated_password', call.ip);
    }
    if (data) await mergeUserMetadata(client, row.id, data);
    if (appData) await mergeAppMetadata(client, row.id, appData);
    if (emailChanges) {
      // With confirmations off the change applies at once (GoTrue's autoconfirm); with them on it
      // stays pending as `new_email` until the mailed link or code confirms it (verify.ts).
      if (mailsChange) await sendEmailChangeMails(call, client, row, email, requestedRedirect(call, body));
      else await applyEmailChange(client, { userId: row.id, email, verified: true });
    }
    await writeAudit(client, actor, 'user_modified', call.ip);
    return (await findUserById(client, row.id))!;
  });
  sendJson(call.res, 200, userJson(updated));
}

/** Sign-ins that prove control of the account without the password, as GoTrue exempts them. */
const PASSWORDLESS_METHODS = new Set(['otp', 'magiclink', 'recovery', 'email/signup', 'invite']);

/**
 * GoTrue's `GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD` (the CLI's
 * `[auth.email] require_current_password`): a stolen access token alone cannot take the account over.
 */
async function assertCurrentPassword(
  pool: Db,
  encryptedPassword: string | null,
  body: Record<string, unknown>,
  sessionId: string | undefined,
): Promise<void> {
  if (sessionId) {
    const amr = await sessionAmr(pool, sessionId);
    if (amr.some((entry) => PASSWORDLESS_METHODS.has(entry.method))) return;
  }
  const current = optionalString(body, 'current_password');
  if (!current || !(await verifyPassword(current, encryptedPassword))) {
    throw badRequest('current_password_mismatch', 'Current password required when setting new password.');
  }
}
