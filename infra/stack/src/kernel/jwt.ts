/**
 * HS256 JWTs as GoTrue and PostgREST use them. Verification allows PostgREST's 30 s clock skew and
 * never accepts `alg: none` or another algorithm than the one configured.
 */
import { SignJWT, errors, jwtVerify } from 'jose';

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

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey(secret));
}

export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  if (token.split('.').length !== 3)
    throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + token.split('.').length);
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      algorithms: ['HS256'],
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
