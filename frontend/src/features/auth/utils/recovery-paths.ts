/** The public password-recovery screens (the mailed link leads to the second). */
export const recoveryPaths = {
  forgot: '/auth/forgot-password',
  reset: '/auth/reset-password',
} as const;

/** What the screen says for a link the auth service refused (used, expired, or not one of its own). */
export const RECOVERY_LINK_ERRORS = {
  used: 'This link has already been used or has expired. A link from a password reset mail works once, for one hour.',
  invalid: 'This link is not valid.',
} as const;

/**
 * The `#access_token=…&refresh_token=…&type=recovery` fragment the auth service redirects with.
 * An error fragment is answered in our own words: its `error_description` is text anyone can put
 * into a link, so it is never shown.
 */
export function recoveryTokensFrom(
  hash: string,
): { accessToken: string; refreshToken: string } | { error: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error'))
    return {
      error:
        params.get('error_code') === 'otp_expired' ? RECOVERY_LINK_ERRORS.used : RECOVERY_LINK_ERRORS.invalid,
    };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (params.get('type') !== 'recovery' || !accessToken || !refreshToken) return undefined;
  return { accessToken, refreshToken };
}
