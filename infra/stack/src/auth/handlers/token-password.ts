/** POST /token?grant_type=password (GoTrue's ResourceOwnerPasswordGrant). */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { withTransaction } from '../db.js';
import { INVALID_CREDENTIALS, badRequest, unprocessable } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { findWeakness, spendPasswordCheck, verifyPassword } from '../password.js';
import { accountThrottle } from '../account-throttle.js';
import { authLimits } from '../rate-limits.js';
import { recordSignInThrottled } from '../sign-in-events.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { hasPassword, isBanned, isConfirmed } from '../user-json.js';
import { findUserByEmail } from '../user-store.js';

export async function passwordGrant(call: AuthCall): Promise<void> {
  const { ctx } = call;
  authLimits(ctx).take('signInSignUps', call.ip);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const email = stringOrEmpty(body, 'email');
  const phone = stringOrEmpty(body, 'phone');
  const password = stringOrEmpty(body, 'password');
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw badRequest('validation_failed', 'missing email or phone');
  // `[auth.email] enable_signup` is GoTrue's EXTERNAL_EMAIL_ENABLED: it turns email logins off too.
  if (!ctx.config.auth.enableEmailSignup)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');

  const pool = ctx.pools.auth;
  const user = await accountThrottle(ctx).run(
    email,
    async () => {
      const found = await findUserByEmail(pool, email);
      if (!found || !hasPassword(found)) {
        await spendPasswordCheck(password);
        throw badRequest('invalid_credentials', INVALID_CREDENTIALS);
      }
      if (isBanned(found)) throw badRequest('user_banned', 'User is banned');
      if (!(await verifyPassword(password, found.encrypted_password)))
        throw badRequest('invalid_credentials', INVALID_CREDENTIALS);
      return found;
    },
    (throttled) => void recordSignInThrottled(ctx, email, call.ip, throttled),
  );
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const weakness = findWeakness(password, {
    minimumLength: ctx.config.auth.minimumPasswordLength,
    requirements: ctx.config.auth.passwordRequirements,
  });
  const session = await withTransaction(pool, async (client) => {
    await writeAudit(client, actorFromUser(user), 'login', call.ip, { provider: 'email' });
    return issueSession(call, client, {
      userId: user.id,
      method: 'password',
      provider: 'email',
      weakPassword: weakness,
    });
  });
  sendJson(call.res, 200, session);
}
