/**
 * The HTTP contract around the endpoints: API keys at the gateway, GoTrue's error shape and
 * headers for malformed requests, per-IP rate limits, public settings, and a database outage.
 */
import http from 'node:http';
import { AuthRetryableFetchError } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { authClient, authFetch } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';
import { stackEnv } from '../helpers/stack-env.js';

describe('auth API keys (gateway)', () => {
  // The Supabase CLI's gateway has no key-auth on /auth/v1 (its kong.yml template), and GoTrue reads
  // no key: a keyless call is served as anon. Admin routes still need a service-role token.
  it('serves a request without a key as the CLI does; admin routes still refuse it', async () => {
    const email = uniqueEmail('keyless');
    const signup = await authFetch('/signup', {
      method: 'POST',
      apikey: null,
      body: JSON.stringify({ email, password: 'secret-123' }),
    });
    expect(signup.status).toBe(200);
    expect((signup.body as { user: { email: string } }).user.email).toBe(email);
    const admin = await authFetch('/admin/users', { apikey: null });
    expect(admin.status).toBe(403);
    expect(admin.body).toMatchObject({ code: 'not_admin' });
    const asUser = await authFetch('/admin/users', {
      apikey: null,
      headers: { authorization: `Bearer ${(signup.body as { access_token: string }).access_token}` },
    });
    expect(asUser.status).toBe(403);
  });

  it('refuses an unknown key', async () => {
    const response = await authFetch('/settings', { apikey: 'sb_publishable_unknown' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  });

  it('leaves the open routes open', async () => {
    const jwks = await authFetch('/.well-known/jwks.json', { apikey: null });
    expect(jwks.status).toBe(200);
    expect(jwks.body).toEqual({ keys: [] });
    const verify = await authFetch('/verify', {
      method: 'POST',
      apikey: null,
      body: JSON.stringify({ type: 'signup', token_hash: 'nope' }),
    });
    expect(verify.status).toBe(403);
    expect(verify.body).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

describe('auth request errors', () => {
  it('answers malformed JSON with 400 bad_json and the 2024-01-01 headers', async () => {
    const response = await authFetch('/token?grant_type=password', { method: 'POST', body: '{"email": ' });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(response.headers.get('x-sb-error-code')).toBe('bad_json');
    expect((response.body as { code: string }).code).toBe('bad_json');
    expect((response.body as { message: string }).message).toMatch(/^Could not parse request body as JSON: /);
  });

  it('answers a body that is not an object, or a field of the wrong type, with bad_json', async () => {
    for (const body of ['[1,2]', '"text"', '{"email": 42, "password": "x"}']) {
      const response = await authFetch('/signup', { method: 'POST', body });
      expect(response.status).toBe(400);
      expect((response.body as { code: string }).code).toBe('bad_json');
    }
  });

  it('answers an oversized body with 413 in the GoTrue shape', async () => {
    const response = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((response.body as { code: string }).code).toBe('request_entity_too_large');
  });

  it('answers an unsupported grant type, an unknown path and a wrong method without a 5xx', async () => {
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    expect((await authFetch('/nothing-here')).status).toBe(404);
    expect((await authFetch('/signup')).status).toBe(405);
  });

  it('answers a missing email or both email and phone at login with validation_failed', async () => {
    const missing = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ password: 'x' }),
    });
    expect(missing.body).toEqual({ code: 'validation_failed', message: 'missing email or phone' });
    // supabase-js sends one or the other; the server still has to refuse both.
    const both = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('both'), phone: '15550000000', password: 'x' }),
    });
    expect(both.body).toEqual({
      code: 'validation_failed',
      message: 'Only an email address or phone number should be provided on login.',
    });
  });
});

describe('auth settings and health', () => {
  it('publishes GoTrue settings derived from config.toml', async () => {
    const response = await authFetch('/settings');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      external: { email: true, phone: false, anonymous_users: true, google: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      saml_enabled: false,
    });
  });

  it('reports health as GoTrue does', async () => {
    const response = await authFetch('/health');
    expect(response.body).toMatchObject({
      name: 'GoTrue',
      version: expect.stringMatching(/^v2\./),
      description: expect.any(String),
    });
  });
});

/** POST from a chosen loopback address, so this test's client has its own rate-limit bucket. */
function postFrom(
  localAddress: string,
  path: string,
  body: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(`${stackEnv().apiUrl}/auth/v1${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { apikey: stackEnv().anonKey, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('auth rate limits (per client IP, per 5 minutes)', () => {
  it('enforces [auth.rate_limit] token_refresh = 150 from config.toml with 429 over_request_rate_limit', async () => {
    const address = `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 200) + 20}`;
    const body = JSON.stringify({ refresh_token: 'zzzzzzzzzzzz' });
    for (let i = 0; i < 150; i++) {
      const { status } = await postFrom(address, '/token?grant_type=refresh_token', body);
      expect(status).toBe(400);
    }
    const limited = await postFrom(address, '/token?grant_type=refresh_token', body);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
  });

  describe('with tight limits (sign_in_sign_ups = 3, anonymous_users = 2)', () => {
    let gateway: AuthGateway;
    beforeAll(async () => {
      const rateLimit = {
        emailSent: 2,
        tokenRefresh: 150,
        tokenVerifications: 30,
        signInSignUps: 3,
        anonymousUsers: 2,
        accountSignInFailures: 5,
        accountSignInMaxDelaySeconds: 300,
      };
      gateway = await startAuthGateway({ auth: { rateLimit } });
    });

    it('limits sign-ins and sign-ups together, and anonymous sign-ins apart', async () => {
      const client = authClient(gateway.anonKey, gateway.url);
      const email = uniqueEmail('limited');
      expect((await client.auth.signUp({ email, password: 'secret-123' })).error).toBeNull();
      expect((await client.auth.signInWithPassword({ email, password: 'wrong-pass' })).error?.code).toBe(
        'invalid_credentials',
      );
      expect((await client.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
      const { error } = await client.auth.signInWithPassword({ email, password: 'secret-123' });
      expect(error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      expect((await client.auth.signInAnonymously()).error).toBeNull();
      expect((await client.auth.signInAnonymously()).error).toBeNull();
      expect((await client.auth.signInAnonymously()).error).toMatchObject({
        status: 429,
        code: 'over_request_rate_limit',
      });
    });
  });
});

describe('auth with the database down', () => {
  let gateway: AuthGateway;
  beforeAll(async () => {
    // Port 9 (discard) has no Postgres: every connection is refused.
    gateway = await startAuthGateway({ dbPort: 9 });
  });

  it('answers 503 unexpected_failure, which supabase-js treats as retryable', async () => {
    const { error } = await authClient(gateway.anonKey, gateway.url).auth.signInWithPassword({
      email: uniqueEmail('down'),
      password: 'secret-123',
    });
    expect(error).toBeInstanceOf(AuthRetryableFetchError);
    expect(error?.status).toBe(503);
    const raw = await authFetch('/token?grant_type=password', {
      url: gateway.url,
      apikey: gateway.anonKey,
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
    });
    expect(raw.body).toEqual({ code: 'unexpected_failure', message: 'Database unavailable, please retry' });
    expect(gateway.logs.some((entry) => entry.message === 'auth: database unavailable')).toBe(true);
  });
});
