// Who calls, and a client that acts as them: functions forward the caller's own token, so the
// database's RLS and checked functions decide what they may do (never the service role on their behalf).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.types.ts';

/** The bearer token of the request ('' when none). */
export function bearerToken(req: Request): string {
  return req.headers.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
}

/**
 * The claims of a JWT, read WITHOUT checking its signature: trust them only for a token verified (by
 * the gateway's verify_jwt, or by the auth server); null when it is not a JWT.
 */
export function readJwtClaims(token: string): Record<string, unknown> | null {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const base64 = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A client whose requests carry the caller's token. The service key rides as `apikey` only: it marks
 * the call as the backend's own, so the gateway does not count it against the caller's request
 * limit a second time; the token, not the key, decides the role.
 */
export function clientAs(token: string, env = Deno.env): SupabaseClient<Database> {
  return createClient<Database>(env.get('SUPABASE_URL')!, env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}
