import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { getIndicatorsByType } from './get-indicators-by-type';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

/** 60 months × 20 types, answered as the backend does: at most 1,000 rows a request. */
const ROWS = Array.from({ length: 1200 }, (_, i) => ({
  bucket: `month-${Math.floor(i / 20)}`,
  type: `t${i % 20}`,
}));
const MAX_ROWS = 1000;

describe('getIndicatorsByType', () => {
  beforeEach(() => resetFakeSupabase());

  it('reads every bucket of a long period, past the backend’s 1,000 rows a request', async () => {
    const ranges: [number, number][] = [];
    vi.mocked(fakeSupabase.rpc).mockImplementation((() => {
      let range: [number, number] = [0, MAX_ROWS - 1];
      const request = {
        range: (from: number, to: number) => {
          range = [from, to];
          ranges.push(range);
          return request;
        },
        then: (resolve: (value: unknown) => unknown) =>
          Promise.resolve({
            data: ROWS.slice(range[0], Math.min(range[1] + 1, range[0] + MAX_ROWS)),
            error: null,
          }).then(resolve),
      };
      return request;
    }) as unknown as typeof fakeSupabase.rpc);

    const rows = await getIndicatorsByType('all');

    expect(rows).toHaveLength(1200);
    expect(rows.at(-1)).toEqual({ bucket: 'month-59', type: 't19' });
    expect(ranges).toEqual([
      [0, 999],
      [1000, 1999],
    ]);
  });
});
