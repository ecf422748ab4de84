/**
 * POST /recover (GoTrue's Recover): mails a recovery link and code to the address. The answer is
 * `{}` whether or not the address has an account, and the work that only happens for one (token,
 * mail) does not delay the answer (the mail is queued), so neither the body nor the timing tells
 * who has an account. Too soon after the last mail (`[auth.email] max_frequency`) nothing is sent;
 * GoTrue answers 429 there, which would tell that the address exists.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { withTransaction } from '../db.js';
import { mayMailAgain, sendRecoveryMail } from '../mail/flows.js';
import { requestedRedirect } from '../mail/links.js';
import { takeEmailBudget } from '../mail/mailer.js';
import { authLimits } from '../rate-limits.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { isBanned } from '../user-json.js';
import { findUserByEmail } from '../user-store.js';
import { validateEmail } from '../validation.js';

export async function recover(call: AuthCall): Promise<void> {
  const { ctx } = call;
  authLimits(ctx).take('signInSignUps', call.ip);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const email = validateEmail(stringOrEmpty(body, 'email'));
  const redirectTo = requestedRedirect(call, body);
  takeEmailBudget(ctx);
  // Answered first: what follows only happens for an existing account and must not show in the timing.
  sendJson(call.res, 200, {});
  try {
    const user = await findUserByEmail(ctx.pools.auth, email);
    if (!user || user.deleted_at || isBanned(user) || !mayMailAgain(call, user.recovery_sent_at)) return;
    await withTransaction(ctx.pools.auth, async (client) => {
      await writeAudit(client, actorFromUser(user), 'user_recovery_requested', call.ip);
      await sendRecoveryMail(call, client, user, 'recovery', redirectTo);
    });
  } catch (error) {
    ctx.log('error', 'auth: recovery mail not prepared', { error: (error as Error).message });
  }
}
