/**
 * signOut with each scope, then the old access token: GET /user answers 403 session_not_found,
 * which supabase-js turns into AuthSessionMissingError (and SIGNED_OUT for a client that still
 * held the session).
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authFetch, recordEvents } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';

async function twoSessions(): Promise<{
  a: SupabaseClient;
  b: SupabaseClient;
  sessionA: Session;
  sessionB: Session;
}> {
  const email = uniqueEmail('signout');
  const password = 'secret-123';
  const a = anonAuthClient();
  const signUp = await a.auth.signUp({ email, password });
  if (signUp.error) throw signUp.error;
  const b = anonAuthClient();
  const signIn = await b.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { a, b, sessionA: signUp.data.session!, sessionB: signIn.data.session! };
}

async function expectSessionGone(accessToken: string): Promise<void> {
  const { data, error } = await anonAuthClient().auth.getUser(accessToken);
  expect(data.user).toBeNull();
  expect(error?.name).toBe('AuthSessionMissingError');
  const raw = await authFetch('/user', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(raw.status).toBe(403);
  expect(raw.body).toEqual({
    code: 'session_not_found',
    message: 'Session from session_id claim in JWT does not exist',
  });
}

async function expectSessionAlive(client: SupabaseClient): Promise<void> {
  const { data, error } = await client.auth.getUser();
  expect(error).toBeNull();
  expect(data.user).not.toBeNull();
}

describe('auth signOut', () => {
  it('global (the default) ends every session of the user', async () => {
    const { a, sessionA, sessionB } = await twoSessions();
    const events = recordEvents(a);
    const { error } = await a.auth.signOut();
    expect(error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect((await a.auth.getSession()).data.session).toBeNull();
    await expectSessionGone(sessionA.access_token);
    await expectSessionGone(sessionB.access_token);
  });

  it('local ends only this session', async () => {
    const { a, b, sessionA } = await twoSessions();
    const events = recordEvents(a);
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    await expectSessionGone(sessionA.access_token);
    await expectSessionAlive(b);
  });

  it('others ends the other sessions and keeps this one; the other client learns at getUser', async () => {
    const { a, b, sessionB } = await twoSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    await expectSessionAlive(a);
    await expectSessionGone(sessionB.access_token);
    const events = recordEvents(b);
    const { error } = await b.auth.getUser();
    expect(error?.name).toBe('AuthSessionMissingError');
    expect(events).toContain('SIGNED_OUT');
    expect((await b.auth.getSession()).data.session).toBeNull();
  });

  it('answers 204 with no body, and 400 validation_failed for an unknown scope', async () => {
    const { sessionA, sessionB } = await twoSessions();
    const bad = await authFetch('/logout?scope=everything', {
      method: 'POST',
      headers: { Authorization: `Bearer ${sessionA.access_token}` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'validation_failed', message: 'Unsupported logout scope "everything"' });
    const ok = await authFetch('/logout?scope=local', {
      method: 'POST',
      headers: { Authorization: `Bearer ${sessionB.access_token}` },
    });
    expect(ok.status).toBe(204);
    expect(ok.text).toBe('');
  });

  it('requires a bearer token: 401 no_authorization', async () => {
    const response = await authFetch('/logout', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});
