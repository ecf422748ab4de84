/**
 * POST /invite (GoTrue's Invite, internal/api/invite.go), for the service role: creates the user
 * (or invites an unconfirmed one again) and mails the invitation link and code; a confirmed
 * address is 422 email_exists. Answers the user, with `invited_at`.
 */
import { sendJson } from '../../kernel/http.js';
import { newConfirmationCode, unconfirmedUser } from '../admin-invite.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { badRequest } from '../errors.js';
import { requestedRedirect, verifyLink } from '../mail/links.js';
import { queueAuthMail, takeEmailBudget } from '../mail/mailer.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { userJson, type JsonMap } from '../user-json.js';
import { findUserById } from '../user-store.js';
import { validateEmail } from '../validation.js';

export function metadataParam(body: Record<string, unknown>): JsonMap | undefined {
  const data = body.data;
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data))
    throw badRequest('bad_json', 'data must be a JSON object');
  return data as JsonMap;
}

export async function adminInvite(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const admin = await requireAdmin(call);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const email = validateEmail(stringOrEmpty(body, 'email'));
  const data = metadataParam(body);
  const redirectTo = requestedRedirect(call, body);
  takeEmailBudget(ctx);
  const invited = await withTransaction(ctx.pools.auth, async (client) => {
    const { user } = await unconfirmedUser(client, email, data);
    await writeAudit(client, adminActor(admin.role), 'user_invited', call.ip, {
      user_id: user.id,
      user_email: email,
    });
    const { otp, hash } = await newConfirmationCode(client, user, ctx.config.auth.email.otpLength, true);
    queueAuthMail(ctx, {
      to: email,
      type: 'invite',
      vars: {
        ConfirmationURL: verifyLink(call, hash, 'invite', redirectTo),
        Token: otp,
        TokenHash: hash,
        SiteURL: ctx.config.auth.siteUrl,
        RedirectTo: redirectTo,
        Email: email,
        NewEmail: '',
      },
    });
    return (await findUserById(client, user.id))!;
  });
  sendJson(call.res, 200, userJson(invited));
}
