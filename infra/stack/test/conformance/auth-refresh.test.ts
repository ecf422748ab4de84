/**
 * refreshSession: rotation along a parent chain, the reuse interval (fixture: 10 s; "after the
 * interval" is produced by ageing the revoked token's row in SQL, which is the time GoTrue measures
 * from), and session limits (a second gateway with short `[auth.sessions]` limits).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonAuthClient, authClient, decodeJwt, recordEvents } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';

const db = authAdminPool();

async function signedIn(
  gateway?: AuthGateway,
): Promise<{ client: SupabaseClient; refreshToken: string; userId: string; sessionId: string }> {
  const email = uniqueEmail('refresh');
  const client = gateway ? authClient(gateway.anonKey, gateway.url) : anonAuthClient();
  const { data, error } = await client.auth.signUp({ email, password: 'secret-123' });
  if (error) throw error;
  const session = data.session!;
  return {
    client,
    refreshToken: session.refresh_token,
    userId: session.user.id,
    sessionId: decodeJwt(session.access_token).claims.session_id as string,
  };
}

async function tokens(sessionId: string) {
  const { rows } = await db.query<{ token: string; parent: string | null; revoked: boolean }>(
    `select token, parent, revoked from auth.refresh_tokens where session_id = $1 order by id`,
    [sessionId],
  );
  return rows;
}

describe('auth refreshSession with rotation', () => {
  it('rotates the refresh token, chains it to its parent and emits TOKEN_REFRESHED', async () => {
    const { client, refreshToken, sessionId } = await signedIn();
    const events = recordEvents(client);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session!;
    expect(next.refresh_token).not.toBe(refreshToken);
    expect(next.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(decodeJwt(next.access_token).claims.session_id).toBe(sessionId);
    expect(events).toContain('TOKEN_REFRESHED');
    expect(await tokens(sessionId)).toEqual([
      { token: refreshToken, parent: null, revoked: true },
      { token: next.refresh_token, parent: refreshToken, revoked: false },
    ]);
    const { rows } = await db.query(
      `select refreshed_at is not null as refreshed from auth.sessions where id = $1`,
      [sessionId],
    );
    expect(rows[0].refreshed).toBe(true);
    const { data: user } = await client.auth.getUser();
    expect(user.user?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('hands back the same child when the parent is reused within the reuse interval', async () => {
    const { client, refreshToken, sessionId } = await signedIn();
    const first = await client.auth.refreshSession();
    const child = first.data.session!.refresh_token;
    const again = await anonAuthClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(child);
    expect(await tokens(sessionId)).toHaveLength(2);
  });

  it('after the reuse interval answers refresh_token_already_used and revokes the session tokens', async () => {
    const { client, refreshToken, sessionId } = await signedIn();
    await client.auth.refreshSession();
    await db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
      [refreshToken],
    );
    const thief = anonAuthClient();
    const events = recordEvents(thief);
    const { data, error } = await thief.auth.refreshSession({ refresh_token: refreshToken });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    expect(events).toContain('SIGNED_OUT');
    expect((await tokens(sessionId)).every((t) => t.revoked)).toBe(true);
  });

  it('answers refresh_token_not_found for an unknown token and validation_failed for a malformed one', async () => {
    const unknown = await anonAuthClient().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const malformed = await anonAuthClient().auth.refreshSession({ refresh_token: 'short' });
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('refuses to refresh for a banned user', async () => {
    const { refreshToken, userId } = await signedIn();
    await db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [userId]);
    const { error } = await anonAuthClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(error).toMatchObject({ status: 400, code: 'user_banned' });
  });

  it('a refresh token dies with its session at sign-out', async () => {
    const { client, refreshToken } = await signedIn();
    await client.auth.signOut();
    const { error } = await anonAuthClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('auth session limits ([auth.sessions] timebox = 1h, inactivity_timeout = 60s)', () => {
  let second: AuthGateway;
  beforeAll(async () => {
    second = await startAuthGateway({
      auth: { sessionTimebox: 3600, sessionInactivityTimeout: 60, jwtExpiry: 120 },
    });
  });

  it('issues access tokens that live jwt_expiry seconds', async () => {
    const { client } = await signedIn(second);
    const { data } = await client.auth.refreshSession();
    const { claims } = decodeJwt(data.session!.access_token);
    expect(data.session?.expires_in).toBe(120);
    expect((claims.exp as number) - (claims.iat as number)).toBe(120);
  });

  it('refuses a refresh after the inactivity timeout with session_expired', async () => {
    const { refreshToken, sessionId } = await signedIn(second);
    const fresh = await authClient(second.anonKey, second.url).auth.refreshSession({
      refresh_token: refreshToken,
    });
    expect(fresh.error).toBeNull();
    await db.query(
      `update auth.sessions set refreshed_at = (now() - interval '2 minutes') at time zone 'UTC' where id = $1`,
      [sessionId],
    );
    const { error } = await authClient(second.anonKey, second.url).auth.refreshSession({
      refresh_token: fresh.data.session!.refresh_token,
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'session_expired',
      message: 'Invalid Refresh Token: Session Expired (Inactivity)',
    });
  });

  it('refuses a refresh after the timebox with session_expired, however active the session', async () => {
    const { refreshToken, sessionId } = await signedIn(second);
    await db.query(`update auth.sessions set created_at = now() - interval '2 hours' where id = $1`, [
      sessionId,
    ]);
    const { error } = await authClient(second.anonKey, second.url).auth.refreshSession({
      refresh_token: refreshToken,
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'session_expired',
      message: 'Invalid Refresh Token: Session Expired',
    });
  });
});
