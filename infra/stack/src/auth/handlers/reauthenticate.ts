/**
 * GET /reauthenticate (GoTrue's Reauthenticate, internal/api/reauthenticate.go): a signed-in user
 * gets a one-time code by mail to confirm a sensitive change. A user with neither e-mail nor phone
 * (anonymous) is told so; an unconfirmed e-mail must be confirmed first. The code is kept as GoTrue
 * keeps it (a SHA-224 of e-mail and code in `reauthentication_token`, with `reauthentication_sent_at`)
 * and the answer is `{}`. Phone codes are not sent: this stack has no SMS provider.
 */
import { sendJson } from '../../kernel/http.js';
import type { AuthCall } from '../auth-call.js';
import { requireUser } from '../authenticate.js';
import { generateOtp, tokenHash } from '../confirmation.js';
import { badRequest, unprocessable } from '../errors.js';
import { mayMailAgain } from '../mail/flows.js';
import { queueAuthMail, takeEmailBudget } from '../mail/mailer.js';
import { isConfirmed } from '../user-json.js';

export async function reauthenticate(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const { user } = await requireUser(call);
  const row = user.row;
  const email = row.email ?? '';
  if (email === '' && (row.phone ?? '') === '') {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (email === '')
    throw unprocessable('sms_send_failed', 'Error sending sms: no SMS provider is configured');
  if (!isConfirmed(row)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  if (mayMailAgain(call, row.reauthentication_sent_at)) {
    takeEmailBudget(ctx);
    const otp = generateOtp(ctx.config.auth.email.otpLength);
    await ctx.pools.auth.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now()
        where id = $1`,
      [row.id, tokenHash(email, otp)],
    );
    queueAuthMail(ctx, {
      to: email,
      type: 'reauthentication',
      vars: {
        ConfirmationURL: '',
        Token: otp,
        TokenHash: '',
        SiteURL: ctx.config.auth.siteUrl,
        RedirectTo: '',
        Email: email,
        NewEmail: '',
      },
    });
  }
  sendJson(call.res, 200, {});
}
