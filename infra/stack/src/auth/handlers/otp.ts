/**
 * POST /otp with an email (GoTrue's Otp, supabase-js `signInWithOtp`): a magic link and code for an
 * existing, confirmed account; a confirmation mail for an unconfirmed one; with `create_user`
 * (default true) and sign-ups allowed, a new account and its confirmation mail. The answer is `{}`
 * in every case and is sent before any of that work, so it tells nobody whether the address has an
 * account (GoTrue answers 422 otp_disabled for an unknown address when sign-ups are off, which does).
 * Phone OTP needs an SMS provider, which this stack does not have.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { startEmailConfirmation } from '../confirmation.js';
import { withTransaction } from '../db.js';
import { badRequest } from '../errors.js';
import { mayMailAgain, sendRecoveryMail } from '../mail/flows.js';
import { requestedRedirect } from '../mail/links.js';
import { takeEmailBudget } from '../mail/mailer.js';
import { authLimits } from '../rate-limits.js';
import { optionalObject, readJsonObject, stringOrEmpty } from '../request-body.js';
import { isBanned, isConfirmed, type JsonMap } from '../user-json.js';
import { findUserById, findUserByEmail, insertEmailUser } from '../user-store.js';
import { validateEmail } from '../validation.js';

export async function otp(call: AuthCall): Promise<void> {
  const { ctx } = call;
  authLimits(ctx).take('signInSignUps', call.ip);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  if (stringOrEmpty(body, 'phone') !== '')
    throw badRequest(
      'sms_send_failed',
      'Phone sign-ins need an SMS provider, which this stack does not have',
    );
  const email = validateEmail(stringOrEmpty(body, 'email'));
  const createUser = body.create_user !== false;
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = requestedRedirect(call, body);
  takeEmailBudget(ctx);
  sendJson(call.res, 200, {});
  try {
    await mailSignIn(call, email, createUser, data, redirectTo);
  } catch (error) {
    ctx.log('error', 'auth: sign-in mail not prepared', { error: (error as Error).message });
  }
}

async function mailSignIn(
  call: AuthCall,
  email: string,
  createUser: boolean,
  data: JsonMap,
  redirectTo: string,
): Promise<void> {
  const { auth } = call.ctx.config;
  const user = await findUserByEmail(call.ctx.pools.auth, email);
  if (user) {
    if (user.deleted_at || isBanned(user)) return;
    const confirmed = isConfirmed(user);
    if (!mayMailAgain(call, confirmed ? user.recovery_sent_at : user.confirmation_sent_at)) return;
    await withTransaction(call.ctx.pools.auth, async (client) => {
      if (confirmed) return sendRecoveryMail(call, client, user, 'magiclink', redirectTo);
      await writeAudit(client, actorFromUser(user), 'user_confirmation_requested', call.ip, {
        provider: 'email',
      });
      await startEmailConfirmation(call, client, user);
    });
    return;
  }
  if (!createUser || !auth.enableSignup || !auth.enableEmailSignup) return;
  await withTransaction(call.ctx.pools.auth, async (client) => {
    const id = await insertEmailUser(client, { email, encryptedPassword: '', userMetadata: data });
    const created = (await findUserById(client, id))!.row;
    await writeAudit(client, actorFromUser(created), 'user_confirmation_requested', call.ip, {
      provider: 'email',
    });
    await startEmailConfirmation(call, client, created);
  });
}
