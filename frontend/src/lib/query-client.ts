/** TanStack Query defaults exactly as SPEC.md §9. */
import { QueryClient } from '@tanstack/react-query';
import { QUERY } from '@/config/constants';
import { isInputRefused } from '@/lib/input-refused';

/** Refused input fails the same way every time: it is said at once, not after three retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isInputRefused(error) && failureCount < QUERY.retries;
}

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY.retryBaseMs * 2 ** attempt, QUERY.retryMaxMs);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleTimeMs,
        gcTime: QUERY.gcTimeMs,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: QUERY.mutationRetries },
    },
  });
}
