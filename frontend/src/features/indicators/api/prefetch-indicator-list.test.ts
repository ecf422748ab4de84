import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { indicatorFiltersSchema, resultFilters } from '@/features/indicators/schemas/indicator-filters';
import { answerRpc, resetFakeSupabase } from '@/testing/fake-supabase';
import { readUrlState } from '@/lib/url-state';
import { countIndicatorsQueryOptions } from './count-indicators';
import { prefetchIndicatorList } from './prefetch-indicator-list';
import { searchIndicatorsQueryOptions, type IndicatorRow } from './search-indicators';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const rows = [{ id: 1, sort_key: 'k1', value: '198.51.100.7' }] as IndicatorRow[];
const asked: Record<string, unknown[]> = {};

/** The keys the IOC page computes from its URL (useUrlState reads it with readUrlState). */
function pageKeys(search: string) {
  const filters = readUrlState(indicatorFiltersSchema, new URLSearchParams(search));
  const result = resultFilters(filters);
  return {
    list: searchIndicatorsQueryOptions(result, filters.sort).queryKey,
    count: countIndicatorsQueryOptions(result).queryKey,
  };
}

beforeEach(() => {
  resetFakeSupabase();
  for (const name of ['search_indicators', 'count_indicators']) {
    asked[name] = [];
    answerRpc(name, (args) => {
      asked[name]!.push(args);
      return name === 'search_indicators'
        ? { data: rows, error: null }
        : { data: { total: 1, exact: true }, error: null };
    });
  }
});

describe('prefetchIndicatorList', () => {
  it('fills the cache under the keys the page asks for when opened from the sidebar', async () => {
    const queryClient = new QueryClient();
    prefetchIndicatorList(queryClient);
    const keys = pageKeys('');
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.list)?.pages).toEqual([rows]));
    await vi.waitFor(() => expect(queryClient.getQueryData(keys.count)).toEqual({ total: 1, exact: true }));
    expect(asked.search_indicators).toHaveLength(1);
  });

  it('asks for the filters of the link it is given, and not again while the answers are fresh', async () => {
    const queryClient = new QueryClient();
    const params = new URLSearchParams('type=ipv4&tlp=green');
    prefetchIndicatorList(queryClient, params);
    await vi.waitFor(() => expect(queryClient.getQueryData(pageKeys(params.toString()).list)).toBeDefined());
    expect(asked.search_indicators![0]).toMatchObject({ _types: ['ipv4'], _tlps: ['green'] });
    prefetchIndicatorList(queryClient, params);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked.search_indicators).toHaveLength(1);
    expect(asked.count_indicators).toHaveLength(1);
  });
});
