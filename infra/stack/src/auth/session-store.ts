/**
 * auth.sessions, auth.refresh_tokens and auth.mfa_amr_claims as GoTrue keeps them: one session
 * per sign-in, a chain of refresh tokens linked by `parent`, and the authentication methods that
 * feed the `amr` claim. `refreshed_at` is a timestamp without time zone holding UTC, like GoTrue's.
 */
import type { AmrEntry } from './access-token.js';
import type { Db } from './db.js';
import { generateRefreshToken } from './refresh-rules.js';
import { NIL_UUID } from './user-store.js';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  refreshed_at: Date | null;
  not_after: Date | null;
  aal: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string | null;
  revoked: boolean | null;
  updated_at: Date | null;
  created_at: Date | null;
  parent: string | null;
  session_id: string | null;
}

const SESSION_COLUMNS = `id, user_id, created_at, refreshed_at at time zone 'UTC' as refreshed_at, not_after, aal::text as aal`;

export interface NewSession {
  userId: string;
  /** GoTrue's authentication method name: password, anonymous, otp, ... */
  method: string;
  userAgent: string | null;
  ip: string | null;
}

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
}

export async function createSession(db: Db, session: NewSession): Promise<IssuedSession> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', $2, $3::inet) returning id`,
    [session.userId, session.userAgent, session.ip],
  );
  const sessionId = rows[0]!.id;
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [sessionId, session.method],
  );
  const refreshToken = await insertRefreshToken(db, session.userId, sessionId, null);
  return { sessionId, refreshToken };
}

export async function insertRefreshToken(
  db: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = generateRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [NIL_UUID, token, userId, parent, sessionId],
  );
  return token;
}

export async function findSession(
  db: Db,
  sessionId: string,
  forUpdate = false,
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions where id = $1${forUpdate ? ' for update' : ''}`,
    [sessionId],
  );
  return rows[0];
}

/** The session's authentication methods, for the `amr` claim (updated_at as GoTrue uses it). */
export async function sessionAmr(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ method: string; timestamp: string }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp
       from auth.mfa_amr_claims where session_id = $1`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.timestamp) }));
}

export async function findRefreshToken(
  db: Db,
  token: string,
  forUpdate = false,
): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, updated_at, created_at, parent, session_id
       from auth.refresh_tokens where token = $1${forUpdate ? ' for update' : ''}`,
    [token],
  );
  return rows[0];
}

/** The session's newest live token (GoTrue's FindCurrentlyActiveRefreshToken). */
export async function activeRefreshToken(db: Db, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(
    `select id, token, user_id, revoked, updated_at, created_at, parent, session_id
       from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

export async function revokeRefreshToken(db: Db, id: string): Promise<void> {
  await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [id]);
}

/** Revokes every live token of the session (GoTrue's RevokeTokenFamily). */
export async function revokeSessionTokens(db: Db, sessionId: string): Promise<void> {
  await db.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`,
    [sessionId],
  );
}

export async function deleteRefreshToken(db: Db, id: string): Promise<void> {
  await db.query(`delete from auth.refresh_tokens where id = $1`, [id]);
}

export async function markSessionRefreshed(
  db: Db,
  sessionId: string,
  userAgent: string | null,
  ip: string | null,
): Promise<void> {
  await db.query(
    `update auth.sessions set refreshed_at = now() at time zone 'UTC', user_agent = $2, ip = $3::inet, updated_at = now()
      where id = $1`,
    [sessionId, userAgent, ip],
  );
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Deletes sessions (their refresh tokens and amr claims cascade). */
export async function endSessions(
  db: Db,
  userId: string,
  scope: LogoutScope,
  sessionId: string | undefined,
): Promise<void> {
  if (scope === 'local' && sessionId) {
    await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else if (scope === 'others' && sessionId) {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  } else {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
  // Tokens from before sessions existed carry no session_id; GoTrue's Logout removes them too.
  if (scope === 'global' || !sessionId) {
    await db.query(`delete from auth.refresh_tokens where user_id = $1 and session_id is null`, [userId]);
  }
}
