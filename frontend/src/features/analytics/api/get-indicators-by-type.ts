/** Indicators first seen per bucket of the period and type (`analytics_indicators_by_type`), every bucket and type present. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import type { Period } from '@/features/analytics/schemas/analytics-filters';
import { readAllPages } from '@/lib/read-all-pages';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from './keys';

export type IndicatorsByTypeRow =
  Database['public']['Functions']['analytics_indicators_by_type']['Returns'][number];

// Every bucket carries a row for each of the twenty types: all time by month passes the backend's
// 1,000 rows a request after four years (the chart drew 1,548 of 59,620 indicators), so it is read
// in ranges (the function orders by bucket and type).
const MAX_TYPE_ROWS = 50_000;

export async function getIndicatorsByType(period: Period): Promise<IndicatorsByTypeRow[]> {
  const { rows } = await readAllPages(
    (from, to) => supabase().rpc('analytics_indicators_by_type', { _period: period }).range(from, to),
    MAX_TYPE_ROWS,
  );
  return rows;
}

export function getIndicatorsByTypeQueryOptions(period: Period) {
  return queryOptions({
    queryKey: analyticsKeys.chart('types', period),
    queryFn: () => getIndicatorsByType(period),
  });
}

export function useIndicatorsByType(period: Period) {
  return useQuery(getIndicatorsByTypeQueryOptions(period));
}
