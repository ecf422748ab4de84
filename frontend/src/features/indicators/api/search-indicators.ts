/**
 * The IOC list: keyset pages of `search_indicators` (RLS applies: TLP:RED only for those allowed), the
 * next page asked for with the last row's sort key and id, so page 500 costs what page 1 costs.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import type { IndicatorResultFilters, IndicatorSort } from '@/features/indicators/schemas/indicator-filters';
import { filterArguments } from './filter-arguments';
import { indicatorKeys } from './keys';

export type IndicatorRow = Database['public']['Functions']['search_indicators']['Returns'][number];

export const INDICATOR_PAGE_SIZE = 200;

export interface IndicatorCursor {
  key: string | null;
  id: number;
}

export const indicatorCursor = (row: IndicatorRow): IndicatorCursor => ({ key: row.sort_key, id: row.id });

export async function searchIndicators(
  filters: IndicatorResultFilters,
  sort: IndicatorSort,
  after: IndicatorCursor | null,
  signal?: AbortSignal,
  limit = INDICATOR_PAGE_SIZE,
): Promise<IndicatorRow[]> {
  let query = supabase().rpc('search_indicators', {
    ...filterArguments(filters),
    _sort: sort,
    _after_key: after?.key ?? undefined,
    _after_id: after?.id,
    _limit: limit,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function searchIndicatorsQueryOptions(filters: IndicatorResultFilters, sort: IndicatorSort) {
  return infiniteQueryOptions({
    queryKey: indicatorKeys.list(filters, sort),
    queryFn: ({ pageParam, signal }) => searchIndicators(filters, sort, pageParam, signal),
    initialPageParam: null as IndicatorCursor | null,
    getNextPageParam: (lastPage): IndicatorCursor | null => {
      if (lastPage.length < INDICATOR_PAGE_SIZE) return null;
      return indicatorCursor(lastPage.at(-1)!);
    },
    // Intelligence changes under an open list only by imports; the list refreshes when one lands.
    staleTime: 60_000,
  });
}

export function useSearchIndicators(filters: IndicatorResultFilters, sort: IndicatorSort) {
  return useInfiniteQuery(searchIndicatorsQueryOptions(filters, sort));
}
