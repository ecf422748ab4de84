/**
 * GoTrue's updateMFASessionAndClaims after a verified factor: the caller's own session gains the
 * factor's amr entry, becomes aal2 bound to the factor, swaps its refresh token (the aal1 token can
 * no longer mint aal2 tokens), and the user's other sessions below aal2 end
 * (InvalidateSessionsWithAALLessThan).
 */
import type { AuthCall } from '../auth-call.js';
import type { Db } from '../db.js';
import { forbidden } from '../errors.js';
import { tokenResponse } from '../issue-session.js';
import { activeRefreshToken, insertRefreshToken, revokeRefreshToken } from '../session-store.js';
import type { JsonMap } from '../user-json.js';
import { findUserById } from '../user-store.js';

export async function raiseSessionToAal2(
  call: AuthCall,
  db: Db,
  userId: string,
  sessionId: string,
  factorId: string,
  method: string,
): Promise<JsonMap> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [sessionId, method],
  );
  const current = await activeRefreshToken(db, sessionId);
  if (!current) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  await revokeRefreshToken(db, current.id);
  const refreshToken = await insertRefreshToken(db, userId, sessionId, current.token);
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
    sessionId,
    factorId,
  ]);
  await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2' and id <> $2`, [
    userId,
    sessionId,
  ]);
  const user = (await findUserById(db, userId))!;
  return tokenResponse(call, db, { user, sessionId, refreshToken, aal: 'aal2' });
}
