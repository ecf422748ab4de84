/**
 * Access tokens with GoTrue's claim set (`AccessTokenClaims`, same order) and the token response
 * (`AccessTokenResponse`) that supabase-js stores as its session.
 */
import { signAccessJwt } from '../kernel/jwt.js';
import { tokenRole } from './password-change.js';
import type { JsonMap, UserRecord } from './user-json.js';
import { userJson } from './user-json.js';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenInput {
  issuer: string;
  user: UserRecord;
  sessionId: string;
  aal: string;
  /** Authentication methods of the session, any order; the claim lists the newest first. */
  amr: AmrEntry[];
  issuedAt: number;
  lifetimeSeconds: number;
}

export function accessTokenClaims(input: AccessTokenInput): JsonMap {
  const { row } = input.user;
  return {
    iss: input.issuer,
    sub: row.id,
    // A string, never an array: GoTrue turns off single-audience-as-array.
    aud: row.aud ?? '',
    exp: input.issuedAt + input.lifetimeSeconds,
    iat: input.issuedAt,
    email: row.email ?? '',
    phone: row.phone ?? '',
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    role: tokenRole(row),
    aal: input.aal,
    amr: [...input.amr].sort((a, b) => b.timestamp - a.timestamp),
    session_id: input.sessionId,
    is_anonymous: row.is_anonymous ?? false,
  };
}

export interface SessionResponseInput extends AccessTokenInput {
  refreshToken: string;
  jwtSecret: string;
  weakPassword?: { message: string; reasons: string[] };
}

export async function sessionResponse(input: SessionResponseInput): Promise<JsonMap> {
  const claims = accessTokenClaims(input);
  const expiresAt = input.issuedAt + input.lifetimeSeconds;
  const response: JsonMap = {
    access_token: await signAccessJwt(claims, input.jwtSecret),
    token_type: 'bearer',
    expires_in: input.lifetimeSeconds,
    expires_at: expiresAt,
    refresh_token: input.refreshToken,
    user: userJson(input.user),
  };
  if (input.weakPassword) response.weak_password = input.weakPassword;
  return response;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
