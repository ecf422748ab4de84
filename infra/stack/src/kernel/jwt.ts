/**
 * JWTs as GoTrue and PostgREST use them: HS256 with the JWT secret, and RS256/ES256 with the
 * project's asymmetric signing keys when `[auth] signing_keys_path` names them (kernel/signing-keys:
 * access tokens are then signed with the first key, tokens of any listed key verify by `kid`).
 * Verification allows PostgREST's 30 s clock skew and never accepts `alg: none` or an algorithm
 * other than the key's own.
 */
import type { KeyObject } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { SigningKeys } from './signing-keys.js';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export type JwtFailure = 'malformed' | 'signature' | 'expired' | 'claims';

export class JwtError extends Error {
  constructor(
    readonly failure: JwtFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

const CLOCK_SKEW_SECONDS = 30;

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

let asymmetric: SigningKeys | undefined;

/** The process's asymmetric keys (the gateway sets them once at start from config.toml). */
export function useSigningKeys(keys: SigningKeys | undefined): void {
  asymmetric = keys;
}

export function signingKeys(): SigningKeys | undefined {
  return asymmetric;
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(secret));
}

/** A token as GoTrue issues it: with the current asymmetric key when there is one, else HS256. */
export async function signAccessJwt(claims: JwtClaims, secret: string): Promise<string> {
  const key = asymmetric?.current;
  if (!key) return signJwt(claims, secret);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, typ: 'JWT', kid: key.kid })
    .sign(key.privateKey);
}

/** The key a token's header names: an asymmetric key by `kid`, else the HS256 secret. */
function verificationKey(token: string, secret: string): { key: Uint8Array | KeyObject; alg: string } {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return { key: secretKey(secret), alg: 'HS256' };
  }
  if (header.alg === 'HS256' || !asymmetric) return { key: secretKey(secret), alg: 'HS256' };
  const key = typeof header.kid === 'string' ? asymmetric.byKid.get(header.kid) : undefined;
  if (!key) throw new JwtError('signature', 'JWSError JWSInvalidSignature');
  return { key: key.publicKey, alg: key.alg };
}

export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  if (token.split('.').length !== 3)
    throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
  const { key, alg } = verificationKey(token, secret);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [alg],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new JwtError('signature', 'JWSError JWSInvalidSignature');
    }
    if (error instanceof errors.JWTClaimValidationFailed) throw new JwtError('claims', error.message);
    if (error instanceof errors.JOSEAlgNotAllowed)
      throw new JwtError('signature', 'Wrong or unsupported encoding algorithm');
    throw new JwtError(
      'malformed',
      'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)',
    );
  }
}
