/**
 * GET and POST /verify (GoTrue's Verify) for the links and codes auth mails: sign-up confirmation
 * (signup, email), recovery, magic link (magiclink, email) and e-mail change (email_change). GET
 * redirects like GoTrue, with the session or the error in the URL fragment; POST answers with the
 * session. Each token is single use and expires after `[auth.email] otp_expiry`. An invitation
 * (invite) is confirmed as a sign-up is; phone types (sms, phone_change) fail as expired tokens do,
 * since this stack sends no SMS.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { findPendingConfirmation } from '../confirmation.js';
import { withTransaction, type Db } from '../db.js';
import { applyEmailChange } from '../email-change.js';
import { consumeEmailChangeToken, consumeRecoveryToken } from '../mail/flows.js';
import { allowedRedirect } from '../mail/links.js';
import { badRequest, forbidden } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { authLimits } from '../rate-limits.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import type { JsonMap } from '../user-json.js';
import { confirmEmail, findUserRowById } from '../user-store.js';
import { validatePhone } from '../validation.js';

const VERIFY_TYPES = [
  'signup',
  'invite',
  'recovery',
  'magiclink',
  'email_change',
  'email',
  'sms',
  'phone_change',
];
// An invitation is confirmed like a sign-up: GoTrue keeps its token in confirmation_token too.
const CONFIRMATION_TYPES = ['signup', 'email', 'invite'];
/** GoTrue's answer when one of the two e-mail change links is in and the other is still due. */
const HALF_CONFIRMED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Match = { tokenHash: string } | { email: string; otp: string };
type Outcome = { session: JsonMap } | { half: true } | undefined;

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid');

function checkType(type: string): void {
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!VERIFY_TYPES.includes(type)) throw badRequest('validation_failed', 'Unsupported verification type');
}

async function confirmAndSignIn(call: AuthCall, userId: string): Promise<JsonMap> {
  return withTransaction(call.ctx.pools.auth, async (client) => {
    const user = (await findUserRowById(client, userId))!;
    await writeAudit(client, actorFromUser(user), 'user_signedup', call.ip, { provider: 'email' });
    await confirmEmail(client, userId);
    await writeAudit(client, actorFromUser(user), 'login', call.ip, { provider: 'email' });
    return issueSession(call, client, { userId, method: 'otp', provider: 'email' });
  });
}

export async function verifyPost(call: AuthCall): Promise<void> {
  authLimits(call.ctx).take('tokenVerifications', call.ip);
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  const type = stringOrEmpty(body, 'type');
  checkType(type);
  const hash = stringOrEmpty(body, 'token_hash');
  const email = stringOrEmpty(body, 'email');
  const otp = stringOrEmpty(body, 'token');
  const phone = stringOrEmpty(body, 'phone');
  if (hash === '' && otp === '')
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  if (hash === '' && phone !== '' && email === '') {
    // GoTrue checks the number first; no SMS is ever sent here, so no phone code can match.
    validatePhone(phone);
    throw expired();
  }
  if (hash === '' && (email === '') === (phone === '')) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on verify',
    );
  }
  const outcome = await consume(call, type, hash !== '' ? { tokenHash: hash } : { email, otp });
  if (!outcome) throw expired();
  if ('half' in outcome) return sendJson(call.res, 200, { msg: HALF_CONFIRMED, code: 200 });
  sendJson(call.res, 200, outcome.session);
}

/** Signs in the user a used recovery or magic-link code belonged to (confirming the address). */
async function signInByMail(call: AuthCall, client: Db, userId: string, method: string): Promise<JsonMap> {
  const user = (await findUserRowById(client, userId))!;
  if (!user.email_confirmed_at) await confirmEmail(client, userId);
  await writeAudit(client, actorFromUser(user), 'login', call.ip, { provider: 'email' });
  return issueSession(call, client, { userId, method, provider: 'email' });
}

/** Uses the token of `type` in one transaction: a session, half an e-mail change, or nothing. */
async function consume(call: AuthCall, type: string, match: Match): Promise<Outcome> {
  const expiry = call.ctx.config.auth.email.otpExpirySeconds;
  if (CONFIRMATION_TYPES.includes(type)) {
    const pending = await findPendingConfirmation(call.ctx.pools.auth, match, expiry);
    if (pending) return { session: await confirmAndSignIn(call, pending.userId) };
    if (type !== 'email') return undefined;
  }
  return withTransaction(call.ctx.pools.auth, async (client): Promise<Outcome> => {
    if (type === 'recovery' || type === 'magiclink' || type === 'email') {
      const userId = await consumeRecoveryToken(client, match, expiry);
      const method = type === 'email' ? 'otp' : type;
      return userId ? { session: await signInByMail(call, client, userId, method) } : undefined;
    }
    if (type !== 'email_change') return undefined;
    const step = await consumeEmailChangeToken(client, match, expiry);
    if (step.state === 'none') return undefined;
    if (step.state === 'half') return { half: true };
    await applyEmailChange(client, { userId: step.userId, email: step.email, verified: true });
    const user = (await findUserRowById(client, step.userId))!;
    await writeAudit(client, actorFromUser(user), 'user_modified', call.ip);
    return {
      session: await issueSession(call, client, {
        userId: step.userId,
        method: 'email_change',
        provider: 'email',
      }),
    };
  });
}

function redirect(call: AuthCall, target: string, fragment: Record<string, string>): void {
  const url = new URL(target);
  url.hash = new URLSearchParams(fragment).toString();
  call.res.writeHead(303, { Location: url.toString(), 'Content-Length': 0 });
  call.res.end();
}

export async function verifyGet(call: AuthCall): Promise<void> {
  const params = call.route.url.searchParams;
  const target = allowedRedirect(params.get('redirect_to'), call.ctx.config.auth);
  const type = params.get('type') ?? '';
  authLimits(call.ctx).take('tokenVerifications', call.ip);
  checkType(type);
  const outcome = await consume(call, type, { tokenHash: params.get('token') ?? '' });
  if (!outcome) {
    return redirect(call, target, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  }
  if ('half' in outcome) return redirect(call, target, { message: HALF_CONFIRMED });
  const session = outcome.session;
  redirect(call, target, {
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    token_type: 'bearer',
    type,
  });
}
