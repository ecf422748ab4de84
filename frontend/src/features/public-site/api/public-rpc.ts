/**
 * Calls the anonymous public RPCs with a plain fetch. The public pages never load supabase-js (a
 * fifth of their JavaScript budget) for three read-only calls and one form post.
 */
import { loadEnv } from '@/config/env';

/** A refusal the server put in words for the visitor (validation, rate limit), or a generic failure. */
export class PublicRpcError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PublicRpcError';
  }
}

/** SQLSTATEs whose message the database words for visitors: invalid input and too many requests. */
const VISITOR_WORDED_CODES = new Set(['22023', 'PT429']);

export const UNAVAILABLE_MESSAGE = 'The service could not be reached. Please try again in a moment.';

export async function callPublicRpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const env = loadEnv();
  let response: Response;
  try {
    response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: env.supabaseAnonKey,
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Client-Version': env.appVersion,
      },
      body: JSON.stringify(args),
    });
  } catch {
    throw new PublicRpcError(UNAVAILABLE_MESSAGE, 0, undefined);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    const worded = code !== undefined && VISITOR_WORDED_CODES.has(code) && typeof message === 'string';
    throw new PublicRpcError(worded ? message : UNAVAILABLE_MESSAGE, response.status, code);
  }
  return body as T;
}
