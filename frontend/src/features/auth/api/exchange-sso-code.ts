/**
 * The end of a single sign-on: the `?code=` the auth service sent back is exchanged (with this tab's
 * PKCE verifier) for a session, which the app's own client then keeps and refreshes.
 */
import type { Session } from '@supabase/supabase-js';
import { backend } from '@/lib/backend';
import { createLogger } from '@/lib/security/logger';
import { clearSsoStorage, ssoClient } from '@/features/auth/api/sso-client';

const log = createLogger('auth');

export const SSO_EXCHANGE_FAILED =
  'The sign-in could not be completed: the link was used already, has expired, or was opened in another browser tab. Start again.';

export async function exchangeSsoCode(code: string): Promise<Session> {
  try {
    const { data, error } = await (await ssoClient()).auth.exchangeCodeForSession(code);
    if (error || !data.session) {
      log.warn('sso_exchange_failed', { code: error?.code ?? 'no_session', status: error?.status ?? 0 });
      throw new Error(SSO_EXCHANGE_FAILED);
    }
    const { access_token, refresh_token } = data.session;
    const moved = await (await backend()).auth.setSession({ access_token, refresh_token });
    if (moved.error || !moved.data.session) throw new Error(SSO_EXCHANGE_FAILED);
    return moved.data.session;
  } finally {
    clearSsoStorage();
  }
}
