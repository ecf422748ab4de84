import { describe, expect, it } from 'vitest';
import { QUERY } from '@/config/constants';
import { makeQueryClient, retryDelay, shouldRetry } from './query-client';
import { InputRefused } from './search-text';

describe('query client defaults', () => {
  it('backs off exponentially from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('uses the spec defaults for queries and mutations', () => {
    const options = makeQueryClient().getDefaultOptions();
    expect(options.queries).toMatchObject({
      staleTime: QUERY.staleTimeMs,
      gcTime: QUERY.gcTimeMs,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
    expect(options.mutations?.retry).toBe(1);
  });

  it('retries a failed query three times, refused input never', () => {
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, new Error('timeout')))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new InputRefused('Search is limited to 500 characters'))).toBe(false);
  });
});
