/**
 * POST /signup (GoTrue's Signup, and SignupAnonymously when the body has neither email nor phone).
 * With confirmations off the user is confirmed and signed in at once; with them on the bare user
 * comes back, and an address that is already registered gets a look-alike user so that sign-up
 * cannot be used to find out who has an account.
 */
import { randomUUID } from 'node:crypto';
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { startEmailConfirmation } from '../confirmation.js';
import { withTransaction } from '../db.js';
import { badRequest, unprocessable } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { assertAcceptablePassword, hashPassword } from '../password.js';
import { authLimits } from '../rate-limits.js';
import { optionalObject, readJsonObject, stringOrEmpty, type JsonObject } from '../request-body.js';
import { isConfirmed, userJson, type JsonMap, type UserRow } from '../user-json.js';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ROLE,
  confirmEmail,
  findUserById,
  findUserHoldingEmail,
  insertEmailUser,
  EMAIL_PROVIDER_METADATA,
  insertUser,
  withIdentities,
} from '../user-store.js';
import { validateEmail } from '../validation.js';

export async function signup(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const email = stringOrEmpty(body, 'email');
  const phone = stringOrEmpty(body, 'phone');
  if (email === '' && phone === '') {
    if (!ctx.config.auth.enableAnonymousSignIns)
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    authLimits(ctx).take('anonymousUsers', call.ip);
    return signupAnonymously(call, body);
  }
  authLimits(ctx).take('signInSignUps', call.ip);
  if (!ctx.config.auth.enableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const password = stringOrEmpty(body, 'password');
  const data = optionalObject(body, 'data') ?? {};
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  assertAcceptablePassword(password, {
    minimumLength: ctx.config.auth.minimumPasswordLength,
    requirements: ctx.config.auth.passwordRequirements,
  });
  if (email !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  // The CLI leaves `[auth.sms] enable_signup` off and this stack has no SMS sender.
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!ctx.config.auth.enableEmailSignup)
    throw badRequest('email_provider_disabled', 'Email signups are disabled');
  return signupWithEmail(call, validateEmail(email), password, data);
}

async function signupWithEmail(
  call: AuthCall,
  email: string,
  password: string,
  data: JsonMap,
): Promise<void> {
  const { ctx } = call;
  const autoconfirm = !ctx.config.auth.enableConfirmations;
  const pool = ctx.pools.auth;
  const existing = await findUserHoldingEmail(pool, email, DEFAULT_AUDIENCE);
  if (existing) return repeatedSignup(call, existing, email, data, autoconfirm);

  const encryptedPassword = await hashPassword(password);
  const result = await withTransaction(pool, async (client) => {
    const id = await insertEmailUser(client, { email, encryptedPassword, userMetadata: data });
    const created = (await findUserById(client, id))!;
    const actor = actorFromUser(created.row);
    if (!autoconfirm) {
      await writeAudit(client, actor, 'user_confirmation_requested', call.ip, { provider: 'email' });
      await startEmailConfirmation(call, client, created.row);
      return userJson((await findUserById(client, id))!);
    }
    await writeAudit(client, actor, 'user_signedup', call.ip, { provider: 'email' });
    await confirmEmail(client, id);
    await writeAudit(client, actor, 'login', call.ip, { provider: 'email' });
    return issueSession(call, client, { userId: id, method: 'password', provider: 'email' });
  });
  sendJson(call.res, 200, result);
}

async function repeatedSignup(
  call: AuthCall,
  existing: UserRow,
  email: string,
  data: JsonMap,
  autoconfirm: boolean,
): Promise<void> {
  const pool = call.ctx.pools.auth;
  if (!isConfirmed(existing) && !autoconfirm) {
    // GoTrue sends the confirmation again and answers with the (unconfirmed) user.
    const user = await withTransaction(pool, async (client) => {
      await writeAudit(client, actorFromUser(existing), 'user_confirmation_requested', call.ip, {
        provider: 'email',
      });
      await startEmailConfirmation(call, client, existing);
      return withIdentities(client, (await findUserById(client, existing.id))!.row);
    });
    return sendJson(call.res, 200, userJson(user));
  }
  await writeAudit(pool, actorFromUser(existing), 'user_repeated_signup', call.ip, { provider: 'email' });
  // Unlike GoTrue, an unconfirmed account is not confirmed and signed in for whoever signs up
  // with its address: without the password that would hand the account over.
  if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
  sendJson(call.res, 200, obfuscatedUser(existing, email, data));
}

/** GoTrue's sanitizeUser: a fresh id and no trace of the real account's state. */
function obfuscatedUser(existing: UserRow, email: string, data: JsonMap): JsonMap {
  const now = new Date();
  const fake: UserRow = {
    ...existing,
    id: randomUUID(),
    aud: DEFAULT_AUDIENCE,
    role: '',
    email,
    phone: null,
    email_change: null,
    created_at: now,
    updated_at: now,
    confirmation_sent_at: now,
    last_sign_in_at: null,
    confirmed_at: null,
    email_change_sent_at: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    raw_user_meta_data: data,
    raw_app_meta_data: EMAIL_PROVIDER_METADATA,
  };
  return userJson({ row: fake, identities: [] });
}

async function signupAnonymously(call: AuthCall, body: JsonObject): Promise<void> {
  const { ctx } = call;
  if (!ctx.config.auth.enableSignup)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const data = optionalObject(body, 'data') ?? {};
  const session = await withTransaction(ctx.pools.auth, async (client) => {
    const id = await insertUser(client, {
      aud: DEFAULT_AUDIENCE,
      role: DEFAULT_ROLE,
      email: null,
      phone: null,
      encryptedPassword: null,
      appMetadata: {},
      userMetadata: data,
      emailConfirmed: false,
      phoneConfirmed: false,
      isAnonymous: true,
    });
    const created = (await findUserById(client, id))!;
    await writeAudit(client, actorFromUser(created.row), 'user_signedup', call.ip, { provider: 'anonymous' });
    return issueSession(call, client, { userId: id, method: 'anonymous', provider: 'anonymous' });
  });
  sendJson(call.res, 200, session);
}
