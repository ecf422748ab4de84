/**
 * GET or POST /callback (GoTrue's ExternalProviderCallback): checks the state, redeems the code at
 * the provider's token endpoint with our PKCE verifier, verifies the ID token (signature from the
 * issuer's JWKS, issuer, audience, expiry, nonce: openid-client), signs the user in or up, then
 * sends the browser to the state's redirect URL: `?code=` for a PKCE flow (the app calls
 * /token?grant_type=pkce), else the session in the fragment (implicit flow). Failures go to the
 * same URL as `error`, `error_code` and `error_description`, in the query and the fragment, as GoTrue
 * sends them (a bad state goes to the site URL: there is no trusted redirect URL without it).
 */
import * as oidc from 'openid-client';
import { readBody } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { withTransaction } from '../db.js';
import { AuthApiError } from '../errors.js';
import { issueSession } from '../issue-session.js';
import type { JsonMap } from '../user-json.js';
import { userForIdentity } from './account.js';
import { enabledProvider, oidcConfiguration, redirectUriOf } from './client.js';
import { claimFlowState, completeFlowState } from './flow-state.js';
import { groupNames, identityData } from './identity-claims.js';
import { readState, stateNonce, stateVerifier, type OAuthState } from './state.js';

/** GoTrue's oauthErrorMap: the OAuth error name for an HTTP status. */
function oauthError(status: number): string {
  if (status === 400 || status === 422) return 'invalid_request';
  if (status === 401 || status === 403) return 'access_denied';
  return 'server_error';
}

function redirect(call: AuthCall, location: string, status = 302): void {
  call.res.writeHead(status, { Location: location, 'Cache-Control': 'no-store' });
  call.res.end();
}

export function errorRedirect(
  target: string,
  error: AuthApiError | { error: string; description: string },
): string {
  const url = new URL(target);
  const params =
    error instanceof AuthApiError
      ? {
          error: ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(error.code)
            ? 'access_denied'
            : oauthError(error.status),
          error_code: error.code,
          error_description: error.message,
        }
      : { error: error.error, error_description: error.description };
  const fragment = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, value);
    fragment.set(key, value);
  }
  fragment.set('sb', '');
  url.hash = fragment.toString();
  return url.href;
}

async function callbackParams(call: AuthCall): Promise<URLSearchParams> {
  if (call.req.method !== 'POST') return call.route.url.searchParams;
  // response_mode=form_post (OAuth 2.0 Form Post Response Mode): the same parameters in the body.
  const body = await readBody(call.req, call.ctx.config.stack.maxBodyBytes);
  return new URLSearchParams(body.toString('utf8'));
}

interface ProviderResult {
  claims: JsonMap;
  accessToken: string;
  refreshToken: string;
}

async function redeemCode(
  call: AuthCall,
  state: OAuthState,
  params: URLSearchParams,
): Promise<ProviderResult> {
  const provider = enabledProvider(call, state.provider);
  const config = await oidcConfiguration(provider);
  const secret = call.ctx.secrets.jwtSecret;
  // The URL the provider sent the browser to, as registered (openid-client derives redirect_uri from it).
  const current = new URL(redirectUriOf(call, provider));
  for (const [key, value] of params) current.searchParams.set(key, value);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: stateVerifier(secret, state.jti),
      expectedState: params.get('state') ?? '',
      expectedNonce: provider.skipNonceCheck ? undefined : stateNonce(secret, state.jti),
      idTokenExpected: true,
    });
    return {
      claims: (tokens.claims() ?? {}) as JsonMap,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? '',
    };
  } catch (error) {
    const message = (error as Error).message;
    call.ctx.log('warn', 'auth: OpenID Connect code exchange failed', {
      provider: provider.name,
      error: message,
    });
    throw new AuthApiError(500, 'unexpected_failure', `Unable to exchange external code: ${message}`);
  }
}

async function signIn(call: AuthCall, state: OAuthState, params: URLSearchParams): Promise<string> {
  const providerError = params.get('error');
  if (providerError) {
    return errorRedirect(state.referrer, {
      error: providerError,
      description: params.get('error_description') ?? '',
    });
  }
  if (!params.get('code')) {
    throw new AuthApiError(
      400,
      'bad_oauth_callback',
      'OAuth callback with missing authorization code missing',
    );
  }
  const provider = enabledProvider(call, state.provider);
  // A used or expired flow is refused before its code is spent (GoTrue's loadFlowState).
  if (state.flowStateId) await claimFlowState(call.ctx.pools.auth, state.flowStateId);
  const result = await redeemCode(call, state, params);
  const data = identityData(result.claims);
  if (typeof data.sub !== 'string' || data.sub === '') {
    throw new AuthApiError(500, 'unexpected_failure', 'Error getting user profile from external provider');
  }
  const identity = {
    provider: provider.name,
    subject: data.sub,
    data,
    groups: provider.groupClaim ? groupNames(result.claims, provider.groupClaim) : undefined,
  };
  return withTransaction(call.ctx.pools.auth, async (db) => {
    const flow = state.flowStateId ? await claimFlowState(db, state.flowStateId) : undefined;
    const user = await userForIdentity(call, db, identity);
    if (flow) {
      const code = await completeFlowState(db, flow.id, {
        userId: user.id,
        providerToken: result.accessToken,
        providerRefreshToken: result.refreshToken,
      });
      const url = new URL(state.referrer);
      url.searchParams.set('code', code);
      return url.href;
    }
    await writeAudit(db, actorFromUser(user), 'login', call.ip, { provider_type: provider.name });
    const session = await issueSession(call, db, {
      userId: user.id,
      method: 'oauth',
      provider: provider.name,
    });
    const fragment = new URLSearchParams({ provider_token: result.accessToken });
    if (result.refreshToken) fragment.set('provider_refresh_token', result.refreshToken);
    for (const key of ['access_token', 'token_type', 'expires_in', 'expires_at', 'refresh_token'])
      fragment.set(key, String(session[key]));
    fragment.set('sb', '');
    return `${state.referrer}#${fragment.toString()}`;
  });
}

export async function callback(call: AuthCall): Promise<void> {
  const params = await callbackParams(call);
  let state: OAuthState;
  try {
    state = await readState(call.ctx.secrets.jwtSecret, params.get('state'));
  } catch (error) {
    // GoTrue's loadFlowState: to the site URL with the error in the query, 303.
    const url = new URL(errorRedirect(call.ctx.config.auth.siteUrl, error as AuthApiError));
    url.hash = '';
    return redirect(call, url.href, 303);
  }
  try {
    redirect(call, await signIn(call, state, params));
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    redirect(call, errorRedirect(state.referrer, error));
  }
}
