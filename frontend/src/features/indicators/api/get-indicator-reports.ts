/** Every source's report of one indicator: its own dates, confidence, TLP, id and reference. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export type IndicatorReport = Database['public']['Functions']['indicator_reports']['Returns'][number];

export async function getIndicatorReports(id: number): Promise<IndicatorReport[]> {
  const { data, error } = await supabase().rpc('indicator_reports', { _indicator_id: id });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorReportsQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.reports(id), queryFn: () => getIndicatorReports(id) });
}

export function useIndicatorReports(id: number | undefined) {
  return useQuery({ ...getIndicatorReportsQueryOptions(id ?? 0), enabled: id !== undefined });
}
