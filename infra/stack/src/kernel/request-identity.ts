/**
 * Who a request acts as: the verified user JWT when `Authorization` carries one, otherwise the API
 * key's own role. An opaque key in `Authorization` means "no user JWT" (supabase-js sends
 * `Bearer sb_publishable_...` when signed out), exactly as the hosted gateway treats it.
 */
import type { IncomingMessage } from 'node:http';
import type { StackSecrets } from '../config/secrets.js';
import type { ApiKey } from './api-keys.js';
import { identifyApiKey, isOpaqueKey } from './api-keys.js';
import { bearerToken } from './http.js';
import { JwtError, verifyJwt, type JwtClaims } from './jwt.js';

export interface RequestIdentity {
  /** Database role the request runs as (anon, authenticated, service_role, ...). */
  role: string;
  /** Claims as PostgREST puts them in `request.jwt.claims` (role always present). */
  claims: JwtClaims;
  /** The bearer JWT that was verified, if any (a user token or a legacy API key). */
  token?: string;
}

export async function resolveIdentity(
  req: IncomingMessage,
  secrets: StackSecrets,
  apiKey: ApiKey | undefined,
): Promise<RequestIdentity> {
  const bearer = bearerToken(req);
  if (bearer !== undefined && bearer === '')
    throw new JwtError('malformed', 'Empty JWT is sent in Authorization header');
  if (bearer !== undefined && !isOpaqueKey(bearer)) {
    const claims = await verifyJwt(bearer, secrets.jwtSecret);
    const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
    return { role, claims: { ...claims, role }, token: bearer };
  }
  const key = bearer !== undefined ? (identifyApiKey(bearer, secrets) ?? apiKey) : apiKey;
  if (key && !key.opaque) {
    const claims = await verifyJwt(key.value, secrets.jwtSecret);
    return { role: key.role, claims: { ...claims, role: key.role }, token: key.value };
  }
  const role = key?.role ?? 'anon';
  return { role, claims: { role } };
}
