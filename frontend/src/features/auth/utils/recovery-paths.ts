/** The public password-recovery screens (the mailed link leads to the second). */
export const recoveryPaths = {
  forgot: '/auth/forgot-password',
  reset: '/auth/reset-password',
} as const;

/** The `#access_token=…&refresh_token=…&type=recovery` fragment the auth service redirects with. */
export function recoveryTokensFrom(
  hash: string,
): { accessToken: string; refreshToken: string } | { error: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error'))
    return { error: params.get('error_description') ?? 'The link is invalid or has expired.' };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (params.get('type') !== 'recovery' || !accessToken || !refreshToken) return undefined;
  return { accessToken, refreshToken };
}
