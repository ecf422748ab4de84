/** Supabase Auth's MFA error codes, in words for the user; anything else keeps the server's sentence. */
const MESSAGES: Record<string, string> = {
  mfa_verification_failed:
    'That code is not right, or it was already used. Wait for the next code and try again.',
  mfa_challenge_expired: 'The code request expired. Enter a new code.',
  mfa_factor_name_conflict: 'You already have an authenticator app with that name. Choose another name.',
  too_many_enrolled_mfa_factors: 'You have the most authenticator apps allowed. Remove one first.',
  insufficient_aal: 'Enter a code from your authenticator app first: this needs a verified session.',
  over_request_rate_limit: 'Too many attempts. Wait a minute, then try again.',
  mfa_factor_not_found: 'That authenticator app is no longer enrolled. Reload the page.',
};

export function mfaErrorMessage(error: { code?: string; message: string }): string {
  return (error.code && MESSAGES[error.code]) || error.message;
}

/** Throws the worded error of a supabase-js answer. */
export function throwMfaError(error: { code?: string; message: string } | null): void {
  if (error) throw new Error(mfaErrorMessage(error));
}
