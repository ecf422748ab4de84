/**
 * Assets exposed to KEV entries, for the dashboard figure: counted from `list_exposures` (the same
 * matching External Assets shows), asset ids only, so the answer stays small.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './keys';

export interface ExposureFigures {
  exposedAssets: number;
  exposures: number;
}

export async function getExposureFigures(): Promise<ExposureFigures> {
  const { data, error } = await supabase().rpc('list_exposures').select('asset_id');
  if (error) throw new Error(error.message);
  return { exposedAssets: new Set(data.map((row) => row.asset_id)).size, exposures: data.length };
}

export function getExposureFiguresQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.exposures(), queryFn: getExposureFigures });
}

export function useExposureFigures() {
  return useQuery(getExposureFiguresQueryOptions());
}
