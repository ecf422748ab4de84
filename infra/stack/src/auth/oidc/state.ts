/**
 * The OAuth `state` of a sign-in (RFC 6749 §10.12): a short-lived HS256 JWT, as GoTrue wrote it
 * before it kept states in auth.flow_state (its ExternalProviderClaims: provider, referrer, flow
 * state id), signed with a key derived from the stack's JWT secret so that it is never an access
 * token. The identity provider's PKCE verifier (RFC 7636) and the ID token's nonce are derived
 * from the state's random id with the same secret: nothing to store, nothing a reader of the
 * browser's URL can compute.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AuthApiError } from '../errors.js';

/** GoTrue's default flow state lifetime (GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION, 300 s). */
export const FLOW_STATE_SECONDS = 300;
const AUDIENCE = 'cti-stack:oauth-state';

export interface OAuthState {
  /** Random id the verifier and nonce are derived from. */
  jti: string;
  provider: string;
  /** The allowed redirect_to (or the site URL). */
  referrer: string;
  /** auth.flow_state id of a PKCE sign-in; absent for the implicit flow. */
  flowStateId?: string;
}

function derive(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`cti-stack oauth ${purpose}`).digest();
}

export function stateVerifier(secret: string, jti: string): string {
  return createHmac('sha256', derive(secret, 'pkce')).update(jti).digest('base64url');
}

export function stateNonce(secret: string, jti: string): string {
  return createHmac('sha256', derive(secret, 'nonce')).update(jti).digest('base64url');
}

export async function signState(
  secret: string,
  state: Omit<OAuthState, 'jti'>,
): Promise<{ jwt: string; jti: string }> {
  const jti = randomUUID();
  const claims: Record<string, string> = { provider: state.provider, referrer: state.referrer };
  if (state.flowStateId) claims.flow_state_id = state.flowStateId;
  const jwt = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(jti)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${FLOW_STATE_SECONDS}s`)
    .sign(derive(secret, 'state'));
  return { jwt, jti };
}

/** The state's claims, or GoTrue's bad_oauth_state refusal. */
export async function readState(secret: string, jwt: string | null): Promise<OAuthState> {
  if (!jwt) throw new AuthApiError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
  try {
    const { payload } = await jwtVerify(jwt, derive(secret, 'state'), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const { jti, provider, referrer, flow_state_id: flowStateId } = payload as Record<string, unknown>;
    if (typeof jti !== 'string' || typeof provider !== 'string' || typeof referrer !== 'string')
      throw new Error('claims');
    return {
      jti,
      provider,
      referrer,
      flowStateId: typeof flowStateId === 'string' ? flowStateId : undefined,
    };
  } catch (error) {
    const expired = error instanceof joseErrors.JWTExpired;
    throw new AuthApiError(
      400,
      'bad_oauth_state',
      expired ? 'OAuth state has expired' : 'OAuth callback with invalid state',
    );
  }
}
