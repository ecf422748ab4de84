/** updateUser (PUT /user): metadata, password, email, and GoTrue's refusals. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, recordEvents } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';

const db = authAdminPool();

async function signedIn(): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const email = uniqueEmail('update-user');
  const client = anonAuthClient();
  const { data, error } = await client.auth.signUp({
    email,
    password: 'secret-123',
    options: { data: { keep: 'yes', drop: 'me' } },
  });
  if (error) throw error;
  return { client, email, id: data.user!.id };
}

describe('auth updateUser', () => {
  it('merges user_metadata (null removes a key) and emits USER_UPDATED', async () => {
    const { client } = await signedIn();
    const events = recordEvents(client);
    const { data, error } = await client.auth.updateUser({ data: { drop: null, added: 42 } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ keep: 'yes', added: 42 });
    expect(data.user?.user_metadata).not.toHaveProperty('drop');
    expect(events).toContain('USER_UPDATED');
    const { data: fresh } = await client.auth.getUser();
    expect(fresh.user?.user_metadata.added).toBe(42);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { client, email, id } = await signedIn();
    const other = anonAuthClient();
    await other.auth.signInWithPassword({ email, password: 'secret-123' });
    const { error } = await client.auth.updateUser({ password: 'brand-new-456' });
    expect(error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'brand-new-456' })).error,
    ).toBeNull();
    const { rows } = await db.query(
      `select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1 and payload->>'action' like 'user_%'`,
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['user_updated_password', 'user_modified']),
    );
  });

  it('refuses the current password with 422 same_password and a weak one with AuthWeakPasswordError', async () => {
    const { client } = await signedIn();
    const same = await client.auth.updateUser({ password: 'secret-123' });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('changes the email at once when confirmations are off, identity included', async () => {
    const { client, id } = await signedIn();
    const next = uniqueEmail('renamed');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next);
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(next);
    const { rows } = await db.query(`select email from auth.identities where user_id = $1`, [id]);
    expect(rows).toEqual([{ email: next }]);
  });

  it('refuses an email another user has with 422 email_exists', async () => {
    const { email: taken } = await signedIn();
    const { client } = await signedIn();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('turns an anonymous user into a permanent one with email and password', async () => {
    const client = anonAuthClient();
    const anon = await client.auth.signInAnonymously();
    const email = uniqueEmail('upgraded');
    const passwordFirst = await client.auth.updateUser({ password: 'secret-123' });
    expect(passwordFirst.error).toMatchObject({ status: 422, code: 'validation_failed' });
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: anon.data.user!.id, email, is_anonymous: false });
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect((await client.auth.updateUser({ password: 'secret-123' })).error).toBeNull();
    expect(
      (await anonAuthClient().auth.signInWithPassword({ email, password: 'secret-123' })).error,
    ).toBeNull();
  });
});
