/**
 * Starts a single sign-on: supabase-js signInWithOAuth with PKCE sends the browser to the auth
 * service's /authorize, which sends it on to the identity provider; it comes back to /auth/callback.
 */
import type { Provider } from '@supabase/supabase-js';
import { ssoClient } from '@/features/auth/api/sso-client';
import { ssoPaths, type SsoProviderId } from '@/features/auth/utils/sso';

export async function signInWithProvider(provider: SsoProviderId): Promise<void> {
  const { error } = await (
    await ssoClient()
  ).auth.signInWithOAuth({
    // `oidc` is this stack's generic provider, unknown to supabase-js's list of names.
    provider: provider as Provider,
    options: { redirectTo: `${window.location.origin}${ssoPaths.callback}` },
  });
  if (error) throw new Error('Single sign-on could not start. Please try again in a moment.');
}
