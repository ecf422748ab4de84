/**
 * GoTrue's request authentication: `requireAuthentication` for /user and /logout (a user JWT whose
 * user and session still exist) and `requireAdminCredentials` for /admin (a JWT or key whose role
 * is an admin role).
 */
import { isOpaqueKey } from '../kernel/api-keys.js';
import { bearerToken } from '../kernel/http.js';
import { JwtError, verifyJwt, type JwtClaims } from '../kernel/jwt.js';
import { resolveIdentity } from '../kernel/request-identity.js';
import type { AuthCall } from './auth-call.js';
import type { AuthApiError } from './errors.js';
import { forbidden, unauthorized, badRequest } from './errors.js';
import { findSession, type SessionRow } from './session-store.js';
import type { UserRecord } from './user-json.js';
import { isBanned } from './user-json.js';
import { NIL_UUID, findUserById } from './user-store.js';
import { isUuid } from './validation.js';

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default. */
export const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export interface Authenticated {
  claims: JwtClaims;
  user: UserRecord;
  session?: SessionRow;
}

/** golang-jwt's wording, which GoTrue puts after "invalid JWT: unable to parse or verify signature, ". */
function jwtFailureDetail(error: JwtError): string {
  switch (error.failure) {
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'signature':
      return 'token signature is invalid: signature is invalid';
    case 'claims':
      return `token has invalid claims: ${error.message}`;
    default:
      return 'token is malformed: could not JSON decode header';
  }
}

function badJwt(error: unknown): AuthApiError {
  if (error instanceof JwtError) {
    return forbidden(
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${jwtFailureDetail(error)}`,
    );
  }
  throw error;
}

const noAuthorization = () => unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');

async function verifiedClaims(call: AuthCall, token: string): Promise<JwtClaims> {
  try {
    return await verifyJwt(token, call.ctx.secrets.jwtSecret);
  } catch (error) {
    throw badJwt(error);
  }
}

/** Loads the user of `sub` and the session of `session_id`, GoTrue's maybeLoadUserOrSession. */
async function loadUserAndSession(call: AuthCall, claims: JwtClaims): Promise<Authenticated> {
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const pool = call.ctx.pools.auth;
  const user = await findUserById(pool, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sessionId === '' || sessionId === NIL_UUID) return { claims, user };
  if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
  const session = await findSession(pool, sessionId);
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return { claims, user, session };
}

export async function requireUser(call: AuthCall): Promise<Authenticated> {
  const token = bearerToken(call.req);
  if (token === undefined || token === '') throw noAuthorization();
  // An opaque key stands for a role, never a user: what GoTrue sees behind Kong is a key JWT without `sub`.
  if (isOpaqueKey(token)) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const authenticated = await loadUserAndSession(call, await verifiedClaims(call, token));
  if (isBanned(authenticated.user.row)) throw forbidden('user_banned', 'User is banned');
  return authenticated;
}

export interface AdminCaller {
  role: string;
}

export async function requireAdmin(call: AuthCall): Promise<AdminCaller> {
  let identity;
  try {
    identity = await resolveIdentity(call.req, call.ctx.secrets, call.route.apiKey);
  } catch (error) {
    throw badJwt(error);
  }
  // A user token is only as good as its session: it must not outlive a logout.
  if (
    typeof identity.claims.session_id === 'string' &&
    identity.claims.session_id !== '' &&
    identity.claims.session_id !== NIL_UUID
  ) {
    await loadUserAndSession(call, identity.claims);
  }
  if (!ADMIN_ROLES.includes(identity.role)) throw forbidden('not_admin', 'User not allowed');
  return { role: identity.role };
}
