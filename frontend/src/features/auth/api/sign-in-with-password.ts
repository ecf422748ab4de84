/** Email + password sign-in through the backend client; answers the session or a sentence for the user. */
import { isAuthApiError, isAuthRetryableFetchError, type Session } from '@supabase/supabase-js';
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';

const log = createLogger('auth');

export type SignInResult = { ok: true; session: Session } | { ok: false; message: string };

export function signInErrorMessage(error: unknown): string {
  if (isAuthRetryableFetchError(error)) {
    return 'Cannot reach the server. Check your connection and try again.';
  }
  if (isAuthApiError(error)) {
    if (error.status === 429 || error.code === 'over_request_rate_limit') {
      return 'Too many sign-in attempts. Wait a few minutes, then try again.';
    }
    if (error.code === 'invalid_credentials') return 'The email or password is incorrect.';
    if (error.code === 'email_not_confirmed')
      return 'This email address is not confirmed yet. Check your inbox.';
    if (error.code === 'user_banned') return 'This account is locked. Contact your administrator.';
  }
  return 'Sign-in failed. Please try again in a moment.';
}

export async function signInWithPassword(email: string, password: string): Promise<SignInResult> {
  try {
    const { data, error } = await supabase().auth.signInWithPassword({ email, password });
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
