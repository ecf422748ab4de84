/**
 * GET /authorize?provider=…&redirect_to=…[&code_challenge=…&code_challenge_method=s256][&scopes=…]
 * (GoTrue's ExternalProviderRedirect): 302 to the identity provider's authorization endpoint with
 * our client id, redirect URI, scopes, state, nonce and our own PKCE challenge (RFC 6749 §4.1.1,
 * RFC 7636 §4.3, OpenID Connect Core §3.1.2.1). With the app's code challenge a flow state is
 * made, and the app later gets `?code=` instead of tokens in the fragment.
 */
import * as oidc from 'openid-client';
import type { AuthCall } from '../auth-call.js';
import { allowedRedirect } from '../mail/links.js';
import { enabledProvider, oidcConfiguration, redirectUriOf, scopesOf } from './client.js';
import { createFlowState, pkceParams } from './flow-state.js';
import { signState, stateNonce, stateVerifier } from './state.js';

/** Parameters the stack sets itself; a caller cannot override them (GoTrue's reservedOAuthParams). */
const RESERVED = new Set([
  'provider',
  'scopes',
  'redirect_to',
  'invite_token',
  'code_challenge',
  'code_challenge_method',
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'response_mode',
  'state',
  'scope',
  'nonce',
  'request',
  'request_uri',
]);

export async function authorize(call: AuthCall): Promise<void> {
  const query = call.route.url.searchParams;
  const provider = enabledProvider(call, query.get('provider') ?? '');
  const referrer = allowedRedirect(query.get('redirect_to'), call.ctx.config.auth);
  const pkce = pkceParams(query.get('code_challenge') ?? '', query.get('code_challenge_method') ?? '');
  const config = await oidcConfiguration(provider);
  const flowStateId = pkce
    ? await createFlowState(call.ctx.pools.auth, { provider: provider.name, ...pkce })
    : undefined;
  const secret = call.ctx.secrets.jwtSecret;
  const { jwt, jti } = await signState(secret, { provider: provider.name, referrer, flowStateId });

  const params: Record<string, string> = {};
  for (const [key, value] of query) if (!RESERVED.has(key.toLowerCase())) params[key] = value;
  const extraScopes = (query.get('scopes') ?? '').split(/[\s,]+/).filter(Boolean);
  Object.assign(params, {
    redirect_uri: redirectUriOf(call, provider),
    scope: [...new Set([...scopesOf(provider).split(' '), ...extraScopes])].join(' '),
    state: jwt,
    code_challenge: await oidc.calculatePKCECodeChallenge(stateVerifier(secret, jti)),
    code_challenge_method: 'S256',
  });
  if (!provider.skipNonceCheck) params.nonce = stateNonce(secret, jti);
  const target = oidc.buildAuthorizationUrl(config, params);
  call.res.writeHead(302, { Location: target.href, 'Cache-Control': 'no-store' });
  call.res.end();
}
