/** GET /settings and GET /health bodies, in GoTrue's shapes, from the project's `[auth]` config. */
import type { AuthConfig } from '../config/project-config.js';

/** The GoTrue release whose API this service follows (reference: supabase/auth v2.196.0). */
export const GOTRUE_VERSION = 'v2.196.0';

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
] as const;

export function settingsJson(auth: AuthConfig): Record<string, unknown> {
  const external: Record<string, boolean> = {};
  for (const provider of EXTERNAL_PROVIDERS) external[provider] = false;
  external.anonymous_users = auth.enableAnonymousSignIns;
  // `[auth.email] enable_signup` is what the CLI passes as GOTRUE_EXTERNAL_EMAIL_ENABLED.
  external.email = auth.enableEmailSignup;
  // `[auth.external.<name>] enabled` (keycloak, azure and our generic oidc): config/external-providers.ts.
  for (const name of auth.external?.keys() ?? []) external[name] = true;
  return {
    external,
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export function healthJson(): Record<string, string> {
  return {
    version: GOTRUE_VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  };
}
