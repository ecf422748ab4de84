/**
 * Single sign-on with OpenID Connect (`[auth.external.keycloak]`) against a real provider
 * (oidc-provider on a loopback port), driven by the unmodified supabase-js: signInWithOAuth with
 * PKCE, the provider's login, /callback, exchangeCodeForSession; the implicit flow; the refusals
 * (bad state, reused state, wrong verifier, a disabled provider, SAML).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ExternalProvider, OidcProviderName } from '../../src/config/external-providers.js';
import { authClient, authFetch, decodeJwt } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';
import { signInAtIdp, startIdp, type TestIdp } from '../helpers/oidc-idp.js';

const APP = 'http://127.0.0.1:3000/auth/callback';
const external = new Map<OidcProviderName, ExternalProvider>();
const analystEmail = uniqueEmail('sso-analyst');
const linkedEmail = uniqueEmail('sso-linked');
const squattedEmail = uniqueEmail('sso-squatted');
let gateway: AuthGateway;
let idp: TestIdp;
const db = authAdminPool();

function pkceClient(): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(gateway.url, gateway.anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** signInWithOAuth's URL, then the stack's redirect to the provider. */
async function startSignIn(client: SupabaseClient): Promise<URL> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'keycloak',
    options: { redirectTo: APP, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  const response = await fetch(data.url!, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The whole browser round trip: our authorize, the provider's login, our callback; returns where the app lands. */
async function roundTrip(client: SupabaseClient, login: string): Promise<{ landing: URL; callback: URL }> {
  const atIdp = await startSignIn(client);
  const callback = await signInAtIdp(atIdp.href, login);
  const response = await fetch(callback, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return { landing: new URL(response.headers.get('location')!), callback };
}

beforeAll(async () => {
  gateway = await startAuthGateway({ auth: { external } });
  idp = await startIdp({
    clientId: 'cti-stack',
    clientSecret: 'sso-test-secret',
    redirectUris: [`${gateway.url}/auth/v1/callback`],
    accounts: {
      analyst: {
        email: analystEmail,
        email_verified: true,
        name: 'Ada Analyst',
        groups: ['Analysts', '/red-team', 42],
      },
      linked: { email: linkedEmail, email_verified: true, name: 'Lin Ked', groups: [] },
      unverified: { email: linkedEmail, email_verified: false, name: 'Mallory' },
      owner: { email: squattedEmail, email_verified: true, name: 'Rightful Owner' },
    },
  });
  external.set('keycloak', {
    name: 'keycloak',
    clientId: 'cti-stack',
    secret: 'sso-test-secret',
    issuer: idp.issuer,
    redirectUri: undefined,
    skipNonceCheck: false,
    groupClaim: 'groups',
    scopes: ['groups'],
  });
});

afterAll(async () => {
  await idp?.close();
});

describe('auth single sign-on (OpenID Connect)', () => {
  it('lists the enabled provider in /settings and no other', async () => {
    const { body } = await authFetch('/settings', { url: gateway.url, apikey: gateway.anonKey });
    expect((body as { external: Record<string, boolean> }).external).toMatchObject({
      keycloak: true,
      azure: false,
      github: false,
      email: true,
    });
  });

  it('sends the browser to the provider with client, redirect URI, scopes, state, nonce and S256 PKCE', async () => {
    const atIdp = await startSignIn(pkceClient());
    expect(atIdp.origin).toBe(idp.issuer);
    const q = atIdp.searchParams;
    expect(q.get('client_id')).toBe('cti-stack');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${gateway.url}/auth/v1/callback`);
    expect(q.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'groups']),
    );
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')!.split('.')).toHaveLength(3);
  });

  it('signs a new user in with PKCE: ?code= to the app, exchangeCodeForSession, identity and groups', async () => {
    const client = pkceClient();
    const { landing } = await roundTrip(client, 'analyst');
    expect(landing.origin + landing.pathname).toBe(APP);
    const code = landing.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(landing.hash).toBe('');

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(analystEmail);
    expect(user.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(user.app_metadata).toMatchObject({
      provider: 'keycloak',
      providers: ['keycloak'],
      sso_groups: ['Analysts', 'red-team'],
    });
    expect(user.user_metadata).toMatchObject({
      full_name: 'Ada Analyst',
      email_verified: true,
      provider_id: 'analyst',
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'keycloak', id: 'analyst' });
    const claims = decodeJwt(data.session!.access_token).claims;
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    expect(claims.app_metadata).toMatchObject({ sso_groups: ['Analysts', 'red-team'] });
    expect(data.session!.provider_token).toEqual(expect.any(String));
    const { rowCount } = await db.query(`select 1 from auth.flow_state where auth_code = $1`, [code]);
    expect(rowCount).toBe(0);
  });

  it('signs the same user in again and follows the claim: groups replaced, no second user', async () => {
    const client = pkceClient();
    const { landing } = await roundTrip(client, 'analyst');
    const { data } = await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!);
    const { rows } = await db.query(`select count(*)::int as n from auth.users where email = $1`, [
      analystEmail,
    ]);
    expect(rows[0].n).toBe(1);
    expect(data.user!.identities).toHaveLength(1);
  });

  it('links the provider identity to an existing account with the same verified email', async () => {
    const password = authClient(gateway.anonKey, gateway.url);
    const signUp = await password.auth.signUp({ email: linkedEmail, password: 'secret-123' });
    expect(signUp.error).toBeNull();
    const client = pkceClient();
    const { landing } = await roundTrip(client, 'linked');
    const { data, error } = await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(signUp.data.user!.id);
    expect(data.user!.identities!.map((i) => i.provider).sort()).toEqual(['email', 'keycloak']);
    expect(data.user!.app_metadata.providers).toEqual(['email', 'keycloak']);
    expect(data.user!.app_metadata.sso_groups).toEqual([]);
  });

  it('takes the password off an unconfirmed account before linking it (no pre-registered takeover)', async () => {
    const squatter = authClient(gateway.anonKey, gateway.url);
    const signUp = await squatter.auth.signUp({ email: squattedEmail, password: 'squatter-123' });
    expect(signUp.error).toBeNull();
    await db.query(`update auth.users set email_confirmed_at = null where id = $1`, [signUp.data.user!.id]);
    const client = pkceClient();
    const { landing } = await roundTrip(client, 'owner');
    const { data, error } = await client.auth.exchangeCodeForSession(landing.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(signUp.data.user!.id);
    expect(data.user!.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(['keycloak']);
    const again = await squatter.auth.signInWithPassword({ email: squattedEmail, password: 'squatter-123' });
    expect(again.error?.code).toBe('invalid_credentials');
  });

  it('refuses to link an unverified provider email to an existing account', async () => {
    const { landing } = await roundTrip(pkceClient(), 'unverified');
    expect(landing.searchParams.get('error')).toBe('invalid_request');
    expect(landing.searchParams.get('error_code')).toBe('email_exists');
    expect(landing.searchParams.get('code')).toBeNull();
    expect(new URLSearchParams(landing.hash.slice(1)).get('error_code')).toBe('email_exists');
  });

  it('gives the session in the fragment without a code challenge (implicit flow)', async () => {
    const params = new URLSearchParams({ provider: 'keycloak', redirect_to: APP });
    const response = await fetch(`${gateway.url}/auth/v1/authorize?${params}`, { redirect: 'manual' });
    const callback = await signInAtIdp(response.headers.get('location')!, 'analyst');
    const back = await fetch(callback, { redirect: 'manual' });
    const landing = new URL(back.headers.get('location')!);
    expect(landing.search).toBe('');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('provider_token')).toEqual(expect.any(String));
    const { data } = await authClient(gateway.anonKey, gateway.url).auth.getUser(
      fragment.get('access_token')!,
    );
    expect(data.user?.email).toBe(analystEmail);
  });

  it('refuses a reused state, a tampered state and a missing state', async () => {
    const client = pkceClient();
    const { callback } = await roundTrip(client, 'analyst');
    const again = await fetch(callback, { redirect: 'manual' });
    const reused = new URL(again.headers.get('location')!);
    expect(reused.searchParams.get('error_code')).toBe('flow_state_already_used');

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -4)}AAAA`);
    const bad = await fetch(tampered, { redirect: 'manual' });
    expect(bad.status).toBe(303);
    const landing = new URL(bad.headers.get('location')!);
    expect(landing.origin).toBe('http://127.0.0.1:3000');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth callback with invalid state',
    });
    const missing = await fetch(`${gateway.url}/auth/v1/callback?code=x`, { redirect: 'manual' });
    expect(new URL(missing.headers.get('location')!).searchParams.get('error_code')).toBe(
      'bad_oauth_callback',
    );
  });

  it('refuses a code exchange with the wrong verifier and an unknown code', async () => {
    const { landing } = await roundTrip(pkceClient(), 'analyst');
    const code = landing.searchParams.get('code')!;
    const wrong = await authFetch('/token?grant_type=pkce', {
      url: gateway.url,
      apikey: gateway.anonKey,
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
    const { error } = await pkceClient().auth.exchangeCodeForSession('00000000-0000-4000-8000-000000000000');
    expect(error?.message).toMatch(/code verifier|flow state/);
  });

  it('answers a disabled provider, a bad code challenge and SAML as GoTrue does', async () => {
    const azure = await authFetch('/authorize?provider=azure', { url: gateway.url, apikey: null });
    expect(azure.status).toBe(400);
    expect(azure.body).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: Provider azure could not be found',
    });
    const half = await authFetch('/authorize?provider=keycloak&code_challenge=abc', {
      url: gateway.url,
      apikey: null,
    });
    expect(half.body).toEqual({
      code: 'validation_failed',
      message: 'PKCE flow requires code_challenge_method and code_challenge',
    });
    const { error } = await pkceClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
  });

  it('answers linkIdentity and unlinkIdentity with GoTrue\'s "Manual linking is disabled"', async () => {
    const client = authClient(gateway.anonKey, gateway.url);
    const signUp = await client.auth.signUp({ email: uniqueEmail('sso-manual'), password: 'secret-123' });
    expect(signUp.error).toBeNull();
    const link = await client.auth.linkIdentity({
      provider: 'keycloak',
      options: { skipBrowserRedirect: true },
    });
    expect(link.error).toMatchObject({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    const unlink = await client.auth.unlinkIdentity(signUp.data.user!.identities![0]!);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    const anonymous = await authFetch('/user/identities/authorize?provider=keycloak', {
      url: gateway.url,
      apikey: gateway.anonKey,
    });
    expect(anonymous.status).toBe(401);
  });

  it('sends redirect_to outside the allow list back to the site URL', async () => {
    const params = new URLSearchParams({ provider: 'keycloak', redirect_to: 'https://evil.example/steal' });
    const response = await fetch(`${gateway.url}/auth/v1/authorize?${params}`, { redirect: 'manual' });
    const callback = await signInAtIdp(response.headers.get('location')!, 'analyst');
    const back = await fetch(callback, { redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).origin).toBe('http://127.0.0.1:3000');
  });
});
