/**
 * A sign-in's common tail (GoTrue's IssueRefreshToken): a new aal1 session with its amr claim and
 * first refresh token, `last_sign_in_at` on user and identity, and the token response.
 */
import { nowSeconds, sessionResponse, type AmrEntry } from './access-token.js';
import type { AuthCall } from './auth-call.js';
import type { Db } from './db.js';
import { createSession, sessionAmr } from './session-store.js';
import type { JsonMap, UserRecord } from './user-json.js';
import { findUserById, recordSignIn } from './user-store.js';

export interface SignIn {
  userId: string;
  /** auth.mfa_amr_claims method: password, anonymous, ... */
  method: string;
  /** Identity provider whose last_sign_in_at moves: email, phone, anonymous. */
  provider: string;
  weakPassword?: { message: string; reasons: string[] };
}

export async function issueSession(call: AuthCall, db: Db, signIn: SignIn): Promise<JsonMap> {
  const { sessionId, refreshToken } = await createSession(db, {
    userId: signIn.userId,
    method: signIn.method,
    userAgent: call.userAgent,
    ip: call.sessionIp,
  });
  await recordSignIn(db, signIn.userId, signIn.provider);
  const user = (await findUserById(db, signIn.userId))!;
  return tokenResponse(call, db, { user, sessionId, refreshToken, weakPassword: signIn.weakPassword });
}

export interface TokenGrant {
  user: UserRecord;
  sessionId: string;
  refreshToken: string;
  weakPassword?: { message: string; reasons: string[] };
  aal?: string | null;
}

/** Signs an access token for the session and wraps it in GoTrue's token response. */
export async function tokenResponse(call: AuthCall, db: Db, grant: TokenGrant): Promise<JsonMap> {
  const amr: AmrEntry[] = await sessionAmr(db, grant.sessionId);
  return sessionResponse({
    issuer: call.issuer,
    user: grant.user,
    sessionId: grant.sessionId,
    aal: grant.aal ?? 'aal1',
    amr,
    issuedAt: nowSeconds(),
    lifetimeSeconds: call.ctx.config.auth.jwtExpiry,
    refreshToken: grant.refreshToken,
    jwtSecret: call.ctx.secrets.jwtSecret,
    weakPassword: grant.weakPassword,
  });
}
