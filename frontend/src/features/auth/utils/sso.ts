/** Single sign-on: the providers the auth service may offer, their button labels, the callback route. */
export type SsoProviderId = 'keycloak' | 'azure' | 'oidc';

export interface SsoProvider {
  id: SsoProviderId;
  /** Completes "Sign in with …". */
  label: string;
}

export const SSO_PROVIDERS: readonly SsoProvider[] = [
  { id: 'keycloak', label: 'Keycloak' },
  { id: 'azure', label: 'Microsoft' },
  { id: 'oidc', label: 'single sign-on' },
];

export const ssoPaths = { callback: '/auth/callback' } as const;

/**
 * What the callback screen says for an `error_code` the auth service sent back. The provider's own
 * `error_description` is never shown: anyone can put text into a link.
 */
export function ssoErrorMessage(errorCode: string | null, error: string | null): string {
  switch (errorCode) {
    case 'signup_disabled':
      return 'There is no account for you on this platform yet. Ask your administrator to invite you.';
    case 'user_banned':
      return 'This account is locked. Contact your administrator.';
    case 'email_exists':
      return 'An account with your email address exists, and the identity provider does not confirm the address. Sign in with your password, or ask your administrator.';
    case 'provider_email_needs_verification':
      return 'Your identity provider has not verified your email address. Verify it there, then try again.';
    case 'bad_oauth_state':
    case 'bad_oauth_callback':
    case 'flow_state_already_used':
      return 'This sign-in link has expired or was used already. Start again.';
    default:
      return error === 'access_denied'
        ? 'The identity provider did not let you in.'
        : 'Single sign-on failed. Please try again in a moment.';
  }
}
