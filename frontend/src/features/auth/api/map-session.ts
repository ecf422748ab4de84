/** From the backend client's session object to the few fields the store keeps. */
import type { Session } from '@supabase/supabase-js';
import type { AuthSession, AuthUser } from '@/features/auth/state/auth-slice';

export function mapSession(session: Session | null): { user: AuthUser | null; session: AuthSession | null } {
  if (!session) return { user: null, session: null };
  return {
    user: {
      id: session.user.id,
      email: session.user.email ?? null,
      mustChangePassword: session.user.app_metadata?.password_change_required === true,
    },
    session: { userId: session.user.id, expiresAt: session.expires_at ?? null },
  };
}
