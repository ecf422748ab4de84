/**
 * Asymmetric JWT signing keys as the Supabase CLI has them: `[auth] signing_keys_path` names a JSON
 * array of private JWKs (RSA for RS256, P-256 EC for ES256; `kid`, `alg`). GoTrue signs access
 * tokens with the first key and verifies tokens of every listed key by `kid`; the legacy HS256
 * secret keeps verifying (old tokens, the HS256 API keys). The public halves are the JWKS served at
 * /auth/v1/.well-known/jwks.json.
 * https://supabase.com/docs/guides/local-development/cli/config#auth.signing_keys_path
 * https://supabase.com/docs/guides/auth/signing-keys
 */
import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export type AsymmetricAlg = 'RS256' | 'ES256';

export interface SigningKey {
  kid: string;
  alg: AsymmetricAlg;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public JWK as a JWKS lists it. */
  jwk: Record<string, unknown>;
}

export interface SigningKeys {
  /** The key new tokens are signed with (the file's first). */
  current: SigningKey;
  byKid: Map<string, SigningKey>;
  all: SigningKey[];
}

function algOf(jwk: JsonWebKey & { alg?: string }, where: string): AsymmetricAlg {
  if (jwk.kty === 'RSA' && (jwk.alg === undefined || jwk.alg === 'RS256')) return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg === undefined || jwk.alg === 'ES256'))
    return 'ES256';
  throw new Error(`${where}: only RSA (RS256) and P-256 EC (ES256) private keys can sign tokens`);
}

/** Reads and checks the key file; a wrong file stops the start with the reason. */
export function loadSigningKeys(file: string): SigningKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`[auth] signing_keys_path ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new Error(`[auth] signing_keys_path ${file}: expected a JSON array of JWKs with at least one key`);
  const all = parsed.map((entry, i) => {
    const where = `[auth] signing_keys_path ${file}, key ${i + 1}`;
    const jwk = entry as JsonWebKey & { kid?: string; alg?: string };
    if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new Error(`${where}: needs a "kid"`);
    const alg = algOf(jwk, where);
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    } catch (error) {
      throw new Error(`${where}: not a private key (${(error as Error).message})`, { cause: error });
    }
    const publicKey = createPublicKey(privateKey);
    const exported = publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
    return {
      kid: jwk.kid,
      alg,
      privateKey,
      publicKey,
      jwk: { ...exported, kid: jwk.kid, alg, use: 'sig', key_ops: ['verify'] },
    };
  });
  return { current: all[0]!, byKid: new Map(all.map((k) => [k.kid, k])), all };
}
