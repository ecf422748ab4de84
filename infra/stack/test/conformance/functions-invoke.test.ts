/**
 * `supabase.functions.invoke` against the stack's edge functions runtime: how bodies come back
 * (JSON, text, Blob), which error class each failure becomes, `verify_jwt`, and the environment a
 * function sees. The fixture functions live in test/fixture/supabase/functions.
 */
import { createClient, FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../../src/kernel/jwt.js';
import { anonAuthClient } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { anonClient, client } from '../helpers/clients.js';
import { closedPort, functionUrl, waitForFunctions } from '../helpers/functions-stack.js';
import { stackEnv } from '../helpers/stack-env.js';

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | null;
  bytes: number;
  body: unknown;
  authorization: string | null;
  apikey: string | null;
  custom: string | null;
}

beforeAll(() => waitForFunctions());

describe('responses', () => {
  it('a JSON body goes in and comes back as parsed JSON, with the call headers and the keys', async () => {
    const { data, error } = await anonClient().functions.invoke<Echo>('echo', {
      body: { indicator: '198.51.100.7', tags: ['c2'] },
      headers: { 'x-fixture': 'call-header' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      contentType: 'application/json',
      body: { indicator: '198.51.100.7', tags: ['c2'] },
      custom: 'call-header',
      apikey: stackEnv().anonKey,
      authorization: `Bearer ${stackEnv().anonKey}`,
    });
  });

  it('a text/plain answer comes back as a string', async () => {
    const { data, error } = await anonClient().functions.invoke('echo/text', { body: 'analyst' });
    expect(error).toBeNull();
    expect(data).toBe('hello analyst');
  });

  it('an application/octet-stream answer comes back as a Blob with every byte intact', async () => {
    const { data, error } = await anonClient().functions.invoke('echo/blob', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Blob);
    const bytes = new Uint8Array(await (data as Blob).arrayBuffer());
    expect(bytes.length).toBe(256);
    expect([...bytes].every((value, index) => value === index)).toBe(true);
  });

  it('a binary request body reaches the function byte for byte', async () => {
    const payload = new Uint8Array([0, 255, 1, 254, 2]);
    const { data, error } = await anonClient().functions.invoke<Echo>('echo', {
      body: new Blob([payload]),
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ contentType: 'application/octet-stream', bytes: 5 });
  });
});

describe('errors', () => {
  it('a 4xx answer is a FunctionsHttpError whose context is the Response', async () => {
    const { data, error } = await anonClient().functions.invoke('echo/status/418', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'fixture_status', status: 418 });
  });

  it('a function that throws answers 500 (FunctionsHttpError) and keeps serving', async () => {
    const { error } = await anonClient().functions.invoke('echo/throw', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(500);
    const after = await anonClient().functions.invoke<Echo>('echo', { body: { again: true } });
    expect(after.error).toBeNull();
    expect(after.data?.body).toEqual({ again: true });
  });

  it('an unknown function is 404 "Function not found"; helper folders are not functions', async () => {
    for (const name of ['no-such-function', 'tests', '_shared', '..%2Fecho']) {
      const { error } = await anonClient().functions.invoke(name, { body: {} });
      expect(error, name).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status, name).toBe(404);
      expect(await response.json(), name).toEqual({ msg: 'Function not found' });
    }
  });

  it('a gateway that does not answer gives FunctionsFetchError', async () => {
    const port = await closedPort();
    const nowhere = createClient(`http://127.0.0.1:${port}`, stackEnv().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data, error } = await nowhere.functions.invoke('echo', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsFetchError);
  });
});

describe('verify_jwt', () => {
  const statusAndBody = async (error: unknown) => {
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('without Authorization a verify_jwt function answers 401 "Missing authorization header"', async () => {
    // supabase-js >= 2.119 sends no Authorization for an opaque key without a session.
    const response = await fetch(functionUrl('secure'), {
      method: 'POST',
      headers: { apikey: stackEnv().publishableKey },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('an opaque key as the bearer is no JWT: 401 Invalid JWT (as hosted, where such functions use verify_jwt = false)', async () => {
    const response = await fetch(functionUrl('secure'), {
      method: 'POST',
      headers: { apikey: stackEnv().publishableKey, authorization: `Bearer ${stackEnv().publishableKey}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('an Authorization header that is not a bearer token is refused with the CLI message', async () => {
    const response = await fetch(functionUrl('secure'), {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
  });

  it('a malformed, wrongly signed or expired token is 401 Invalid JWT', async () => {
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      'not-a-jwt',
      await signJwt({ role: 'service_role', exp: now + 600 }, 'some-other-secret-of-enough-length'),
      await signJwt({ role: 'authenticated', sub: 'x', exp: now - 3600 }, stackEnv().jwtSecret),
    ];
    for (const token of tokens) {
      const { error } = await client(stackEnv().anonKey, { accessToken: token }).functions.invoke('secure', {
        body: {},
      });
      expect(await statusAndBody(error)).toEqual({ status: 401, body: { msg: 'Invalid JWT' } });
    }
  });

  it('the legacy anon key and a signed-in user token pass, and the function sees the claims', async () => {
    const anon = await anonClient().functions.invoke('secure', { body: {} });
    expect(anon.error).toBeNull();
    expect(anon.data).toEqual({ role: 'anon', sub: null });

    const auth = anonAuthClient();
    const { data: signUp, error: signUpError } = await auth.auth.signUp({
      email: uniqueEmail('functions'),
      password: 'functions-test-password-1',
    });
    expect(signUpError).toBeNull();
    const user = await auth.functions.invoke('secure', { body: {} });
    expect(user.error).toBeNull();
    expect(user.data).toEqual({ role: 'authenticated', sub: signUp.user!.id });
  });

  it('a verify_jwt = false function needs no token: the publishable key alone works', async () => {
    const { data, error } = await client(stackEnv().publishableKey).functions.invoke<Echo>('echo', {
      body: { open: true },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ apikey: stackEnv().publishableKey, body: { open: true } });
    // Older supabase-js sends the opaque key as the bearer, newer ones send no Authorization.
    expect([null, `Bearer ${stackEnv().publishableKey}`]).toContain(data!.authorization);
  });
});

describe('environment', () => {
  it('a function sees the SUPABASE_* variables and not the gateway environment', async () => {
    const { data, error } = await anonClient().functions.invoke<{
      names: string[];
      env: Record<string, string>;
    }>('echo/env', { method: 'GET' });
    expect(error).toBeNull();
    const { env, names } = data!;
    expect(env.SUPABASE_URL).toBe(stackEnv().apiUrl);
    expect(env.SUPABASE_ANON_KEY).toBe(stackEnv().anonKey);
    expect(env.SUPABASE_SERVICE_ROLE_KEY).toBe(stackEnv().serviceRoleKey);
    expect(env.ALLOWED_ORIGINS).toBe('*');
    for (const hidden of ['HOME', 'STACK_GATEWAY_PID', 'NODE_ENV', 'PWD']) {
      expect(names, hidden).not.toContain(hidden);
    }
    // Nothing else of the environment the stack was started with (this process's) leaks through,
    // except the network and certificate settings Deno needs to fetch npm packages.
    const passed = new Set([
      'NODE_EXTRA_CA_CERTS',
      'DENO_CERT',
      'DENO_TLS_CA_STORE',
      'TZ',
      'NPM_CONFIG_REGISTRY',
    ]);
    const leaked = Object.entries(process.env).filter(
      ([name, value]) => !passed.has(name) && !/proxy$/i.test(name) && env[name] === value,
    );
    expect(leaked.map(([name]) => name)).toEqual([]);
    const db = new pg.Client({ connectionString: env.SUPABASE_DB_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ user: string }>('select current_user as user');
      expect(rows[0]!.user).toBe('postgres');
    } finally {
      await db.end();
    }
  });
});
