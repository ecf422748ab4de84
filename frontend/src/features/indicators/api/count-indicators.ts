/** How many indicators match, for the heading: exact up to 100,000, else the planner's estimate. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { IndicatorResultFilters } from '@/features/indicators/schemas/indicator-filters';
import { filterArguments } from './filter-arguments';
import { indicatorKeys } from './keys';

export interface IndicatorCount {
  total: number;
  exact: boolean;
}

export async function countIndicators(filters: IndicatorResultFilters): Promise<IndicatorCount> {
  const { data, error } = await supabase().rpc('count_indicators', filterArguments(filters)).single();
  if (error) throw new Error(error.message);
  return { total: Number(data.total), exact: data.exact };
}

export function countIndicatorsQueryOptions(filters: IndicatorResultFilters) {
  return queryOptions({
    queryKey: indicatorKeys.count(filters),
    queryFn: () => countIndicators(filters),
    staleTime: 60_000,
  });
}

export function useCountIndicators(filters: IndicatorResultFilters) {
  return useQuery(countIndicatorsQueryOptions(filters));
}
