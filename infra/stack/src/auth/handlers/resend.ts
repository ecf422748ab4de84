/**
 * POST /resend (GoTrue's Resend, internal/api/resend.go): sends the sign-up confirmation or the
 * pending e-mail change mails again. `type` is one of signup, email_change, sms, phone_change; the
 * answer is `{}` whether or not there is such an account or anything to resend (a confirmed user,
 * no pending change), and what only happens for an account is done after answering, as /recover
 * does, so neither body nor timing tells who has one. sms and phone_change need an SMS provider,
 * which this stack does not have: GoTrue's answer when sending fails.
 */
import { sendJson } from '../../kernel/http.js';
import type { AuthCall } from '../auth-call.js';
import { startEmailConfirmation } from '../confirmation.js';
import { withTransaction } from '../db.js';
import { badRequest, unprocessable } from '../errors.js';
import { mayMailAgain, sendEmailChangeMails } from '../mail/flows.js';
import { requestedRedirect } from '../mail/links.js';
import { takeEmailBudget } from '../mail/mailer.js';
import { authLimits } from '../rate-limits.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { isBanned, isConfirmed } from '../user-json.js';
import { findUserByEmail } from '../user-store.js';
import { validateEmail } from '../validation.js';

const TYPES = ['signup', 'email_change', 'sms', 'phone_change'];

export async function resend(call: AuthCall): Promise<void> {
  const { ctx } = call;
  authLimits(ctx).take('signInSignUps', call.ip);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const type = stringOrEmpty(body, 'type');
  const rawEmail = stringOrEmpty(body, 'email');
  const phone = stringOrEmpty(body, 'phone');
  if (!TYPES.includes(type))
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  if (rawEmail !== '' && phone !== '')
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  if ((type === 'signup' || type === 'email_change') && rawEmail === '')
    throw badRequest('validation_failed', 'Type provided requires an email address');
  if (type === 'sms' || type === 'phone_change') {
    if (phone === '') throw badRequest('validation_failed', 'Type provided requires a phone number');
    throw unprocessable('sms_send_failed', 'Error sending sms: no SMS provider is configured');
  }
  const email = validateEmail(rawEmail);
  const redirectTo = requestedRedirect(call, body);
  takeEmailBudget(ctx);
  sendJson(call.res, 200, {});
  try {
    const user = await findUserByEmail(ctx.pools.auth, email);
    if (!user || user.deleted_at || isBanned(user)) return;
    if (type === 'signup') {
      if (isConfirmed(user) || !mayMailAgain(call, user.confirmation_sent_at)) return;
      await withTransaction(ctx.pools.auth, (client) => startEmailConfirmation(call, client, user));
    } else {
      if (!user.email_change || !mayMailAgain(call, user.email_change_sent_at)) return;
      await withTransaction(ctx.pools.auth, (client) =>
        sendEmailChangeMails(call, client, user, user.email_change!, redirectTo),
      );
    }
  } catch (error) {
    ctx.log('error', 'auth: resend mail not prepared', { error: (error as Error).message });
  }
}
