/** The dashboard's key figures in one round trip (`dashboard_figures`, one row). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';

export type DashboardFigures = Database['public']['Functions']['dashboard_figures']['Returns'][number];

export async function getDashboardFigures(): Promise<DashboardFigures> {
  const { data, error } = await supabase().rpc('dashboard_figures').single();
  if (error) throw new Error(error.message);
  return data;
}

export function getDashboardFiguresQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.figures(),
    queryFn: getDashboardFigures,
    refetchInterval: 60_000,
  });
}

export function useDashboardFigures() {
  return useQuery(getDashboardFiguresQueryOptions());
}
