/**
 * POST /token?grant_type=refresh_token (GoTrue's RefreshTokenGrant): the token row and its session
 * are locked so concurrent refreshes of one token serialise, and the second one gets the child the
 * first one issued (within the reuse interval) instead of a fork.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { CommitThenFail, retryOnConcurrencyFailure, withTransactionCommitOnFail } from '../db.js';
import { badRequest } from '../errors.js';
import { tokenResponse } from '../issue-session.js';
import { authLimits } from '../rate-limits.js';
import { decideRefresh, isWellFormedRefreshToken, sessionValidity } from '../refresh-rules.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import {
  activeRefreshToken,
  deleteRefreshToken,
  findRefreshToken,
  findSession,
  insertRefreshToken,
  markSessionRefreshed,
  revokeRefreshToken,
  revokeSessionTokens,
} from '../session-store.js';
import { isBanned } from '../user-json.js';
import { findUserById, findUserRowById } from '../user-store.js';
import { isUuid } from '../validation.js';

const notFound = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

export async function refreshTokenGrant(call: AuthCall): Promise<void> {
  const { ctx } = call;
  authLimits(ctx).take('tokenRefresh', call.ip);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const presented = stringOrEmpty(body, 'refresh_token');
  if (!isWellFormedRefreshToken(presented))
    throw badRequest('validation_failed', 'Refresh token is not valid');
  const auth = ctx.config.auth;
  const now = new Date();

  const response = await retryOnConcurrencyFailure(() =>
    withTransactionCommitOnFail(ctx.pools.auth, async (client) => {
      const token = await findRefreshToken(client, presented, true);
      if (!token) throw notFound();
      const user =
        token.user_id && isUuid(token.user_id) ? await findUserRowById(client, token.user_id) : undefined;
      if (!user) throw notFound();
      if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
      const session = token.session_id ? await findSession(client, token.session_id, true) : undefined;
      if (!session) {
        await deleteRefreshToken(client, token.id);
        throw new CommitThenFail(
          badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
        );
      }
      const tokenTime = token.updated_at ?? token.created_at ?? session.created_at;
      const validity = sessionValidity(
        { createdAt: session.created_at, refreshedAt: session.refreshed_at, notAfter: session.not_after },
        tokenTime,
        { timebox: auth.sessionTimebox, inactivityTimeout: auth.sessionInactivityTimeout },
        now,
      );
      if (validity === 'timed_out')
        throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired (Inactivity)');
      if (validity !== 'valid') throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired');

      const active = await activeRefreshToken(client, session.id);
      const decision = decideRefresh(
        { token: token.token, revoked: token.revoked ?? false, updatedAt: tokenTime },
        active,
        auth.refreshTokenReuseInterval,
        now,
      );
      if (decision.kind === 'already_used') {
        if (auth.enableRefreshTokenRotation) await revokeSessionTokens(client, session.id);
        throw new CommitThenFail(
          badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        );
      }

      const actor = actorFromUser(user);
      await writeAudit(client, actor, 'token_refreshed', call.ip);
      let issued: string;
      if (decision.kind === 'return_active') {
        issued = decision.token;
      } else {
        await writeAudit(client, actor, 'token_revoked', call.ip);
        if (!token.revoked) await revokeRefreshToken(client, token.id);
        issued = await insertRefreshToken(client, user.id, session.id, token.token);
      }
      await markSessionRefreshed(client, session.id, call.userAgent, call.sessionIp);
      const record = (await findUserById(client, user.id))!;
      return tokenResponse(call, client, {
        user: record,
        sessionId: session.id,
        refreshToken: issued,
        aal: session.aal,
      });
    }),
  );
  sendJson(call.res, 200, response);
}
