/**
 * Asymmetric signing keys (`[auth] signing_keys_path`, as the Supabase CLI has them) with the
 * unmodified supabase-js: access tokens are signed RS256 with the first key (its `kid` in the
 * header), the JWKS at /auth/v1/.well-known/jwks.json lists every key's public half and nothing
 * private, supabase-js's getClaims verifies the token against that JWKS, tokens of the second
 * (ES256) key and HS256 ones keep working for /auth/v1 and for REST (auth.uid() and the claims in
 * SQL), and a token signed by a key not in the file is refused by both.
 *
 * The keys are the process's (kernel/jwt.ts): this file loads them into its own in-process
 * gateways (auth and REST over the test stack's database), never the shared stack.
 */
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt, useSigningKeys } from '../../src/kernel/jwt.js';
import { loadSigningKeys } from '../../src/kernel/signing-keys.js';
import { decodeJwt } from '../helpers/auth-clients.js';
import { stackSecrets, uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';
import { startRestGateway, type RestGateway } from '../helpers/rest-gateway.js';

function privateJwk(kind: 'rsa' | 'ec', kid: string): Record<string, unknown> {
  const { privateKey } =
    kind === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid, alg: kind === 'rsa' ? 'RS256' : 'ES256' };
}

const rsaKid = `rsa-${randomUUID()}`;
const ecKid = `ec-${randomUUID()}`;
const ecJwk = privateJwk('ec', ecKid);
let auth: AuthGateway;
let rest: RestGateway;

beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signing-keys-')), 'signing_keys.json');
  writeFileSync(file, JSON.stringify([privateJwk('rsa', rsaKid), ecJwk]));
  useSigningKeys(loadSigningKeys(file));
  auth = await startAuthGateway();
  rest = await startRestGateway();
});

const client = () =>
  createClient(auth.url, auth.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

async function signedUp() {
  const c = client();
  const { data, error } = await c.auth.signUp({ email: uniqueEmail('keys'), password: 'secret-123' });
  if (error) throw error;
  return { client: c, session: data.session! };
}

/** The same claims, signed by another key. */
async function resigned(
  token: string,
  jwk: Record<string, unknown>,
  alg: string,
  kid: string,
): Promise<string> {
  return new SignJWT(decodeJwt(token).claims)
    .setProtectedHeader({ alg, typ: 'JWT', kid })
    .sign(createPrivateKey({ key: jwk as never, format: 'jwk' }));
}

async function requestInfo(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${rest.url}/rest/v1/rpc/request_info`, {
    headers: { apikey: rest.anonKey, authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('asymmetric signing keys', () => {
  it('signs access tokens RS256 with the first key and publishes every public key, nothing private', async () => {
    const { session } = await signedUp();
    expect(decodeJwt(session.access_token).header).toEqual({ alg: 'RS256', typ: 'JWT', kid: rsaKid });
    const jwks = (await (await fetch(`${auth.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.map((k) => [k.kid, k.alg, k.kty])).toEqual([
      [rsaKid, 'RS256', 'RSA'],
      [ecKid, 'ES256', 'EC'],
    ]);
    for (const key of jwks.keys)
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
  });

  it('lets supabase-js verify the token with the JWKS (getClaims) and the server accept it', async () => {
    const { client: c, session } = await signedUp();
    const { data, error } = await c.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.sub).toBe(session.user.id);
    expect(data!.header).toMatchObject({ alg: 'RS256', kid: rsaKid });
    const user = await c.auth.getUser();
    expect(user.data.user?.id).toBe(session.user.id);
  });

  it('accepts tokens of the second key (ES256) and HS256 ones, in auth and in REST', async () => {
    const { session } = await signedUp();
    const es256 = await resigned(session.access_token, ecJwk, 'ES256', ecKid);
    const hs256 = await signJwt(decodeJwt(session.access_token).claims, stackSecrets().jwtSecret);
    for (const token of [session.access_token, es256, hs256]) {
      expect((await client().auth.getUser(token)).data.user?.id).toBe(session.user.id);
      const info = await requestInfo(token);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ uid: session.user.id, role: 'authenticated' });
    }
  });

  it('refuses a token signed by a key that is not in the file, or naming an unknown kid', async () => {
    const { session } = await signedUp();
    const stranger = await resigned(session.access_token, privateJwk('ec', ecKid), 'ES256', ecKid);
    const unknownKid = await resigned(session.access_token, ecJwk, 'ES256', 'nobody');
    for (const token of [stranger, unknownKid]) {
      const { data, error } = await client().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
      expect((await requestInfo(token)).status).toBe(401);
    }
  });
});
