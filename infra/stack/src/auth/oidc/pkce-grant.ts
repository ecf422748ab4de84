/**
 * POST /token?grant_type=pkce {auth_code, code_verifier} (GoTrue's PKCE grant): spends the flow
 * state of an OAuth sign-in once and answers the session with the provider's tokens.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { withTransaction } from '../db.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { findUserRowById } from '../user-store.js';
import { deleteFlowState, findFlowStateByAuthCode, verifyChallenge } from './flow-state.js';

export async function pkceGrant(call: AuthCall): Promise<void> {
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  const authCode = stringOrEmpty(body, 'auth_code');
  const verifier = stringOrEmpty(body, 'code_verifier');
  if (authCode === '' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const session = await withTransaction(call.ctx.pools.auth, async (db) => {
    const flow = await findFlowStateByAuthCode(db, authCode);
    if (!flow?.user_id)
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    verifyChallenge(flow, verifier);
    const user = await findUserRowById(db, flow.user_id);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    await writeAudit(db, actorFromUser(user), 'login', call.ip, { provider_type: flow.provider_type });
    const issued = await issueSession(call, db, {
      userId: user.id,
      method: flow.authentication_method,
      provider: flow.provider_type,
    });
    await deleteFlowState(db, flow.id);
    return {
      ...issued,
      provider_token: flow.provider_access_token ?? '',
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
  });
  sendJson(call.res, 200, session);
}
