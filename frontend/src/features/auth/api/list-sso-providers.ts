/**
 * The single sign-on providers this installation offers: the enabled OpenID Connect entries of the
 * auth service's public settings (`GET /auth/v1/settings`, `external`). None when SSO is not set up.
 */
import { loadEnv } from '@/config/env';
import { SSO_PROVIDERS, type SsoProvider } from '@/features/auth/utils/sso';

export async function listSsoProviders(): Promise<SsoProvider[]> {
  const env = loadEnv();
  const response = await fetch(`${env.supabaseUrl}/auth/v1/settings`, {
    headers: { apikey: env.supabaseAnonKey },
  });
  if (!response.ok) return [];
  const body = (await response.json()) as { external?: Record<string, unknown> };
  return SSO_PROVIDERS.filter((provider) => body.external?.[provider.id] === true);
}
