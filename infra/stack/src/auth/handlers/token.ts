/** POST /token: dispatch on `grant_type` as GoTrue's Token endpoint does. */
import type { AuthCall } from '../auth-call.js';
import { badRequest } from '../errors.js';
import { pkceGrant } from '../oidc/pkce-grant.js';
import { idTokenGrant, web3Grant } from './token-disabled.js';
import { passwordGrant } from './token-password.js';
import { refreshTokenGrant } from './token-refresh.js';

export async function token(call: AuthCall): Promise<void> {
  switch (call.route.url.searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(call);
    case 'refresh_token':
      return refreshTokenGrant(call);
    case 'pkce':
      return pkceGrant(call);
    case 'web3':
      return web3Grant();
    case 'id_token':
      return idTokenGrant(call);
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
}
