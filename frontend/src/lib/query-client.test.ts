import { describe, expect, it } from 'vitest';
import { QUERY } from '@/config/constants';
import { makeQueryClient, retryDelay } from './query-client';

describe('query client defaults', () => {
  it('backs off exponentially from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('uses the spec defaults for queries and mutations', () => {
    const options = makeQueryClient().getDefaultOptions();
    expect(options.queries).toMatchObject({
      staleTime: QUERY.staleTimeMs,
      gcTime: QUERY.gcTimeMs,
      retry: 3,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
    expect(options.mutations?.retry).toBe(1);
  });
});
