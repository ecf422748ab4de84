/**
 * GET and POST /verify for sign-up confirmations (the link or code written to the gateway log).
 * GET redirects like GoTrue, with the session or the error in the URL fragment; POST answers with
 * the session. Other verification types have no tokens here, so they fail as expired ones do.
 */
import { sendJson } from '../../gateway/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { findPendingConfirmation } from '../confirmation.js';
import { withTransaction } from '../db.js';
import { badRequest, forbidden } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { authLimits } from '../rate-limits.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import type { JsonMap } from '../user-json.js';
import { confirmEmail, findUserRowById } from '../user-store.js';

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
const CONFIRMATION_TYPES = ['signup', 'email'];

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
  if (hash === '' && (email === '' || otp === '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  if (!CONFIRMATION_TYPES.includes(type)) throw expired();
  const pending = await findPendingConfirmation(
    call.ctx.pools.auth,
    hash !== '' ? { tokenHash: hash } : { email, otp },
  );
  if (!pending) throw expired();
  sendJson(call.res, 200, await confirmAndSignIn(call, pending.userId));
}

/** Only the site URL's origin and loopback origins are redirect targets, never an arbitrary host. */
export function safeRedirect(requested: string | null, siteUrl: string): string {
  if (!requested) return siteUrl;
  try {
    const target = new URL(requested);
    const site = new URL(siteUrl);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(target.hostname);
    if (
      (target.protocol === 'http:' || target.protocol === 'https:') &&
      (target.origin === site.origin || loopback)
    )
      return requested;
  } catch {
    // not a URL: fall through to the site URL
  }
  return siteUrl;
}

function redirect(call: AuthCall, target: string, fragment: Record<string, string>): void {
  const url = new URL(target);
  url.hash = new URLSearchParams(fragment).toString();
  call.res.writeHead(303, { Location: url.toString(), 'Content-Length': 0 });
  call.res.end();
}

export async function verifyGet(call: AuthCall): Promise<void> {
  const params = call.route.url.searchParams;
  const target = safeRedirect(params.get('redirect_to'), call.ctx.config.auth.siteUrl);
  const type = params.get('type') ?? '';
  authLimits(call.ctx).take('tokenVerifications', call.ip);
  checkType(type);
  const pending = CONFIRMATION_TYPES.includes(type)
    ? await findPendingConfirmation(call.ctx.pools.auth, { tokenHash: params.get('token') ?? '' })
    : undefined;
  if (!pending) {
    return redirect(call, target, {
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  }
  const session = await confirmAndSignIn(call, pending.userId);
  redirect(call, target, {
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    token_type: 'bearer',
    type,
  });
}
