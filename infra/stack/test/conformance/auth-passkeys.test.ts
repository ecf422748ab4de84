/**
 * Passkeys with the unmodified supabase-js (`auth.passkey`, experimental): a signed-in user
 * registers a passkey made by a software authenticator, lists and renames it; a new client signs
 * in with it (discoverable flow, a usable session, last_used_at set); a challenge serves once, an
 * authenticator that was never registered and a deleted passkey are refused with GoTrue's codes;
 * the admin API lists and deletes a user's passkeys; sign-in ceremonies are limited per address. The fixture enables `[auth.passkey]` with the
 * relying party `localhost` / `http://localhost:5173`.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authFetch } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { SoftwarePasskey } from '../helpers/software-authenticator.js';
import { stackEnv } from '../helpers/stack-env.js';

const RP = ['localhost', 'http://localhost:5173'] as const;

function passkeyClient(key = stackEnv().anonKey): SupabaseClient {
  return createClient(stackEnv().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, experimental: { passkey: true } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function registered(label: string) {
  const client = passkeyClient();
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(label), password: 'secret-123' });
  expect(error).toBeNull();
  const authenticator = new SoftwarePasskey(...RP);
  const start = await client.auth.passkey.startRegistration();
  expect(start.error).toBeNull();
  const created = await client.auth.passkey.verifyRegistration({
    challengeId: start.data!.challenge_id,
    credential: authenticator.create(start.data!.options) as never,
  });
  expect(created.error).toBeNull();
  return { client, userId: data.user!.id, authenticator, passkeyId: created.data!.id };
}

async function signInWith(authenticator: SoftwarePasskey, origin?: string) {
  const client = passkeyClient();
  const options = await client.auth.passkey.startAuthentication();
  expect(options.error).toBeNull();
  const credential = authenticator.get(options.data!.options, origin);
  const result = await client.auth.passkey.verifyAuthentication({
    challengeId: options.data!.challenge_id,
    credential: credential as never,
  });
  return { client, options: options.data!, credential, result };
}

describe('auth passkeys', () => {
  it('offers registration options for the relying party, discoverable, with ES256', async () => {
    const { client } = await registered('passkey-options');
    const { data, error } = await client.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(data!.options.rp).toMatchObject({ id: 'localhost' });
    expect(data!.options.authenticatorSelection?.residentKey).toBe('required');
    expect(data!.options.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });
    // The registered passkey is excluded from a second registration on the same authenticator.
    expect(data!.options.excludeCredentials).toHaveLength(1);
    expect(data!.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('registers, lists and renames a passkey; a rename of an unknown id is 404', async () => {
    const { client, passkeyId } = await registered('passkey-manage');
    const listed = await client.auth.passkey.list();
    expect(listed.data!.map((p) => [p.id, p.friendly_name])).toEqual([[passkeyId, 'Passkey']]);
    const renamed = await client.auth.passkey.update({ passkeyId, friendlyName: 'work laptop' });
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: 'work laptop' });
    const unknown = await client.auth.passkey.update({
      passkeyId: '00000000-0000-0000-0000-000000000000',
      friendlyName: 'x',
    });
    expect(unknown.error).toMatchObject({ status: 404 });
    const empty = await client.auth.passkey.update({ passkeyId, friendlyName: '' });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('signs in with the passkey: a session for its user, last_used_at recorded', async () => {
    const { client: owner, userId, authenticator } = await registered('passkey-signin');
    const { client, options, result } = await signInWith(authenticator);
    expect(options.options.allowCredentials ?? []).toEqual([]);
    expect(result.error).toBeNull();
    expect(result.data!.user!.id).toBe(userId);
    const { data: me } = await client.auth.getUser();
    expect(me.user?.id).toBe(userId);
    const listed = await owner.auth.passkey.list();
    expect(listed.data![0]!.last_used_at).toEqual(expect.any(String));
  });

  it('uses a challenge once, and refuses an authenticator that was never registered', async () => {
    const { client: owner, authenticator } = await registered('passkey-refusals');
    const first = await signInWith(authenticator);
    expect(first.result.error).toBeNull();
    const replay = await first.client.auth.passkey.verifyAuthentication({
      challengeId: first.options.challenge_id,
      credential: first.credential as never,
    });
    expect(replay.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });

    const stranger = new SoftwarePasskey(...RP);
    stranger.create((await owner.auth.passkey.startRegistration()).data!.options);
    const refused = await signInWith(stranger);
    expect(refused.result.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it('refuses an assertion made for another origin', async () => {
    const { authenticator } = await registered('passkey-origin');
    const { result } = await signInWith(authenticator, 'http://evil.example');
    expect(result.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it('deletes a passkey (owner and admin): it no longer signs in', async () => {
    const { client, userId, authenticator, passkeyId } = await registered('passkey-delete');
    const admin = passkeyClient(stackEnv().serviceRoleKey);
    const listed = await admin.auth.admin.passkey.listPasskeys({ userId });
    expect(listed.data!.map((p) => p.id)).toEqual([passkeyId]);
    expect((await client.auth.passkey.delete({ passkeyId })).error).toBeNull();
    expect((await client.auth.passkey.list()).data).toEqual([]);
    const after = await signInWith(authenticator);
    expect(after.result.error).toMatchObject({ code: 'webauthn_verification_failed' });

    const second = await registered('passkey-admin-delete');
    const removed = await admin.auth.admin.passkey.deletePasskey({
      userId: second.userId,
      passkeyId: second.passkeyId,
    });
    expect(removed.error).toBeNull();
    expect((await admin.auth.admin.passkey.listPasskeys({ userId: second.userId })).data).toEqual([]);
  });

  it('refuses registration without a session and a verify without a challenge id', async () => {
    const anonymous = await authFetch('/passkeys/registration/options', { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
    const { client } = await registered('passkey-bad-body');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const missing = await authFetch('/passkeys/registration/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ credential: {} }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validation_failed' });
    expect(missing.text).toContain('challenge_id is required');
  });

  // Last in the file: it spends the address's budget for the next five minutes.
  it('limits sign-in ceremonies per address (GoTrue: 30 per 5 minutes)', async () => {
    const client = passkeyClient();
    let refused;
    for (let i = 0; i < 31 && !refused; i++) {
      const { error } = await client.auth.passkey.startAuthentication();
      if (error) refused = error;
    }
    expect(refused).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
