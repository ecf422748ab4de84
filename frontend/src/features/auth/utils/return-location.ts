/** The location a guard sends to /auth in router state, and where sign-in returns to. */
import { platformPath } from '@/config/paths';

export interface ReturnLocationState {
  from: { pathname: string; search?: string; hash?: string };
}

/** Only same-site paths are honoured; anything else falls back to the dashboard. */
export function returnPathFrom(state: unknown): string {
  const from = (state as Partial<ReturnLocationState> | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return platformPath('dashboard');
  }
  if (pathname === '/auth') return platformPath('dashboard');
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
