/** POST /token: dispatch on `grant_type` as GoTrue's Token endpoint does. */
import type { AuthCall } from '../auth-call.js';
import { badRequest, notFound } from '../errors.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import { passwordGrant } from './token-password.js';
import { refreshTokenGrant } from './token-refresh.js';

/** PKCE codes come from email links and OAuth flows, which this server never issues. */
async function pkceGrant(call: AuthCall): Promise<void> {
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  if (stringOrEmpty(body, 'auth_code') === '' || stringOrEmpty(body, 'code_verifier') === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
}

export async function token(call: AuthCall): Promise<void> {
  switch (call.route.url.searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(call);
    case 'refresh_token':
      return refreshTokenGrant(call);
    case 'pkce':
      return pkceGrant(call);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
