/** The root route: keeps auth in step with the backend and watches for inactivity on every page. */
import { Outlet } from 'react-router';
import { useAuthSessionSync } from '@/features/auth/hooks/use-auth-session-sync';
import { useInactivityTimeout } from '@/features/auth/hooks/use-inactivity-timeout';

export function RootLayout() {
  useAuthSessionSync();
  useInactivityTimeout();
  return <Outlet />;
}
