/** Email + password sign-in through the backend client; answers the session or a sentence for the user. */
import type { Session } from '@supabase/supabase-js';
import { createLogger } from '@/lib/security/logger';
import { backend } from '@/lib/backend';

const log = createLogger('auth');

export type SignInResult = { ok: true; session: Session } | { ok: false; message: string };

interface AuthErrorFields {
  name: string;
  status?: number;
  code?: string;
}

/**
 * auth-js's own guards (isAuthApiError, …) would pull supabase-js into the public pages' code; its
 * errors carry `__isAuthError` and a class name, which is what those guards read.
 */
function authError(error: unknown, name: string): AuthErrorFields | undefined {
  if (typeof error !== 'object' || error === null || !('__isAuthError' in error)) return undefined;
  if (!('name' in error) || error.name !== name) return undefined;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return {
    name,
    status: typeof status === 'number' ? status : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

export function signInErrorMessage(error: unknown): string {
  if (authError(error, 'AuthRetryableFetchError')) {
    return 'Cannot reach the server. Check your connection and try again.';
  }
  const apiError = authError(error, 'AuthApiError');
  if (apiError) {
    if (apiError.status === 429 || apiError.code === 'over_request_rate_limit') {
      return 'Too many sign-in attempts. Wait a few minutes, then try again.';
    }
    if (apiError.code === 'invalid_credentials') return 'The email or password is incorrect.';
    if (apiError.code === 'email_not_confirmed')
      return 'This email address is not confirmed yet. Check your inbox.';
    if (apiError.code === 'user_banned') return 'This account is locked. Contact your administrator.';
  }
  return 'Sign-in failed. Please try again in a moment.';
}

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  try {
    const { data, error } = await (await backend()).auth.signInWithPassword({ email, password });
    if (error || !data.session) {
      log.warn('sign_in_failed', { code: error?.code ?? 'no_session', status: error?.status ?? 0 });
      return { ok: false, message: signInErrorMessage(error) };
    }
    return { ok: true, session: data.session };
  } catch (error) {
    log.error('sign_in_exception', { message: error instanceof Error ? error.message : String(error) });
    return { ok: false, message: 'Sign-in is not available right now. Please try again later.' };
  }
}
