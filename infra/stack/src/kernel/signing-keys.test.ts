import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { signAccessJwt, signJwt, useSigningKeys, verifyJwt } from './jwt.js';
import { loadSigningKeys } from './signing-keys.js';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

function keyFile(keys: object[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signing-keys-')), 'signing_keys.json');
  writeFileSync(file, JSON.stringify(keys));
  return file;
}

function privateJwk(type: 'rsa' | 'ec', alg: string): object {
  const { privateKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg, key_ops: ['sign', 'verify'] };
}

describe('asymmetric signing keys ([auth] signing_keys_path)', () => {
  afterEach(() => useSigningKeys(undefined));

  it('signs access tokens with the first key (RS256, its kid) and verifies tokens of every key', async () => {
    const rsa = privateJwk('rsa', 'RS256');
    const ec = privateJwk('ec', 'ES256');
    const keys = loadSigningKeys(keyFile([rsa, ec]));
    useSigningKeys(keys);
    const token = await signAccessJwt({ sub: 'u', role: 'authenticated' }, SECRET);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: keys.all[0]!.kid });
    await expect(verifyJwt(token, SECRET)).resolves.toMatchObject({ sub: 'u' });

    useSigningKeys({ ...keys, current: keys.all[1]! });
    const es = await signAccessJwt({ sub: 'v' }, SECRET);
    expect(decodeProtectedHeader(es).alg).toBe('ES256');
    useSigningKeys(keys);
    await expect(verifyJwt(es, SECRET)).resolves.toMatchObject({ sub: 'v' });
    // The HS256 secret keeps verifying (legacy API keys, tokens issued before the keys).
    await expect(verifyJwt(await signJwt({ sub: 'w' }, SECRET), SECRET)).resolves.toMatchObject({ sub: 'w' });
  });

  it('publishes only public halves in the JWKS', () => {
    const keys = loadSigningKeys(keyFile([privateJwk('rsa', 'RS256')]));
    const jwk = keys.all[0]!.jwk;
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: keys.all[0]!.kid, key_ops: ['verify'] });
    expect(jwk).not.toHaveProperty('d');
    expect(jwk).not.toHaveProperty('p');
  });

  it('refuses a token of an unknown kid, and RS256 tokens when no keys are configured', async () => {
    const other = loadSigningKeys(keyFile([privateJwk('rsa', 'RS256')]));
    useSigningKeys(other);
    const foreign = await signAccessJwt({ sub: 'x' }, SECRET);
    useSigningKeys(loadSigningKeys(keyFile([privateJwk('rsa', 'RS256')])));
    await expect(verifyJwt(foreign, SECRET)).rejects.toMatchObject({ failure: 'signature' });
    useSigningKeys(undefined);
    await expect(verifyJwt(foreign, SECRET)).rejects.toMatchObject({ failure: 'signature' });
  });

  it('stops the start with the reason when the file is not a list of private keys', () => {
    expect(() => loadSigningKeys(keyFile([]))).toThrow(/at least one key/);
    const { d: _d, ...publicOnly } = privateJwk('rsa', 'RS256') as Record<string, unknown>;
    expect(() => loadSigningKeys(keyFile([publicOnly]))).toThrow(/not a private key/);
    expect(() => loadSigningKeys(keyFile([{ ...privateJwk('rsa', 'RS256'), kid: undefined }]))).toThrow(
      /needs a "kid"/,
    );
  });
});
