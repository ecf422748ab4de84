/**
 * Token checks with Supabase Realtime's own wording: at the WebSocket upgrade (HTTP errors with a
 * `{"error": ...}` body) and at channel join / access_token refresh ("<Code>: <message>" reasons).
 * Realtime demands `role` and `exp` claims and accepts no expired token (no clock skew).
 */
import { decodeJwt } from 'jose';
import type { StackSecrets } from '../config/secrets.js';
import { identifyApiKey, isOpaqueKey } from '../kernel/api-keys.js';
import { JwtError, verifyJwt, type JwtClaims } from '../kernel/jwt.js';

export interface VerifiedToken {
  claims: JwtClaims & { role: string; exp: number };
  role: string;
}

export type TokenFailure = 'missing' | 'expired' | 'claims' | 'malformed' | 'signature' | 'invalid_key';

export class RealtimeTokenError extends Error {
  constructor(
    readonly failure: TokenFailure,
    message: string,
    /** The "<Code>" part of a channel error reason. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'RealtimeTokenError';
  }

  /** The reason a join error reply carries, e.g. "InvalidJWTToken: Token has expired 5 seconds ago". */
  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

const MISSING_CLAIMS = 'Fields `role` and `exp` are required in JWT';

/** Claims an opaque key stands for (the hosted gateway swaps such keys for a short-lived JWT). */
function opaqueKeyClaims(role: string): VerifiedToken {
  const now = Math.floor(Date.now() / 1000);
  return { role, claims: { iss: 'supabase', role, iat: now, exp: now + 10 * 365 * 24 * 3600 } };
}

/**
 * Verifies a token the way Realtime does. Opaque keys of this installation stand for their role;
 * any other `sb_` value is an unknown key.
 */
export async function verifyRealtimeToken(token: string, secrets: StackSecrets): Promise<VerifiedToken> {
  if (isOpaqueKey(token)) {
    const key = identifyApiKey(token, secrets);
    if (!key) throw new RealtimeTokenError('invalid_key', 'Invalid API key', 'InvalidJWTToken');
    return opaqueKeyClaims(key.role);
  }
  const cleaned = token.replace(/\s/g, '');
  let claims: JwtClaims;
  try {
    claims = await verifyJwt(cleaned, secrets.jwtSecret);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.failure === 'expired') {
      const exp = Number(decodeJwt(cleaned).exp);
      throw expired(exp);
    }
    if (error.failure === 'signature') {
      throw new RealtimeTokenError('signature', 'Failed to validate JWT signature', 'JwtSignatureError');
    }
    if (error.failure === 'claims') throw new RealtimeTokenError('claims', error.message, 'InvalidJWTToken');
    throw new RealtimeTokenError('malformed', 'The token provided is not a valid JWT', 'MalformedJWT');
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new RealtimeTokenError('claims', MISSING_CLAIMS, 'InvalidJWTToken');
  }
  // The shared verifier allows PostgREST's 30 s of clock skew; Realtime allows none.
  if (claims.exp <= Math.floor(Date.now() / 1000)) throw expired(claims.exp);
  return { claims: claims as VerifiedToken['claims'], role: claims.role };
}

function expired(exp: number): RealtimeTokenError {
  const ago = Number.isFinite(exp) ? Math.max(0, Math.floor(Date.now() / 1000) - exp) : 0;
  return new RealtimeTokenError('expired', `Token has expired ${ago} seconds ago`, 'InvalidJWTToken');
}

/** Upgrade-time refusal: status and body exactly as Realtime's socket answers (reference §4.1). */
export function upgradeRefusal(error: RealtimeTokenError): { status: number; body: unknown } {
  switch (error.failure) {
    case 'missing':
      return { status: 401, body: { error: 'API key is missing' } };
    case 'expired':
      return { status: 401, body: { error: 'Token has expired' } };
    case 'claims':
      return { status: 401, body: { error: MISSING_CLAIMS } };
    case 'signature':
      return { status: 401, body: { error: 'Failed to validate JWT signature' } };
    case 'invalid_key':
      // What Kong answers for an unknown opaque key before Realtime sees the request.
      return {
        status: 401,
        body: {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        },
      };
    default:
      return { status: 401, body: { error: 'The token provided is not a valid JWT' } };
  }
}
