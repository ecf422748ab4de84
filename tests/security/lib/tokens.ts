/**
 * Forged and tampered JWTs for the tampering checks: the gateway must refuse every one of them.
 * Signed ones use jose (HS256); `alg: none` is assembled by hand because no library signs it.
 */
import { SignJWT, decodeJwt } from 'jose';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function unsignedToken(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
}

export async function signToken(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** The token's claims with `changes` applied, re-encoded with the ORIGINAL signature (now invalid). */
export function tamperedClaims(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url({ ...decodeJwt(token), ...changes })}.${signature}`;
}

export interface TamperedToken {
  name: string;
  token: string;
}

/**
 * The set of bad tokens, built from a real user token: alg none, a wrong key, expired (validly
 * signed), role raised to service_role (signature kept from the original), another user's sub
 * (signature kept), and a wrong-key token claiming service_role.
 */
export async function tamperedTokens(
  userToken: string,
  otherUserId: string,
  jwtSecret: string,
): Promise<TamperedToken[]> {
  const claims = decodeJwt(userToken) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return [
    { name: 'alg:none with the user claims', token: unsignedToken(claims) },
    { name: 'alg:none claiming service_role', token: unsignedToken({ ...claims, role: 'service_role' }) },
    { name: 'signed with a wrong key', token: await signToken(claims, `${jwtSecret}-wrong`) },
    {
      name: 'expired (correct key)',
      token: await signToken({ ...claims, iat: now - 7200, exp: now - 3600 }, jwtSecret),
    },
    {
      name: 'role raised to service_role in the claims',
      token: tamperedClaims(userToken, { role: 'service_role' }),
    },
    {
      name: "another user's sub with the original signature",
      token: tamperedClaims(userToken, { sub: otherUserId }),
    },
    {
      name: 'service_role signed with a wrong key',
      token: await signToken(
        { role: 'service_role', iss: 'supabase-demo', iat: now, exp: now + 600 },
        'guessed-secret',
      ),
    },
  ];
}
