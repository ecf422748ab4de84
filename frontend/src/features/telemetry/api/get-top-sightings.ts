/** The largest telemetry sightings (by event count) with their indicators, for the top-indicators chart. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { topIndicators } from '@/features/telemetry/utils/top-indicators';
import { telemetryKeys } from './keys';

/** Pairs read to rank indicators from (see utils/top-indicators). */
const PAIRS_READ = 200;
export const TOP_INDICATORS = 10;

export async function getTopSightings(sensor: string | undefined) {
  let query = supabase()
    .from('sightings')
    .select('indicator_id, sensor, count, indicators(id, type, value, tlp, confidence)')
    .not('sensor', 'is', null);
  if (sensor) query = query.eq('sensor', sensor);
  const { data, error } = await query.order('count', { ascending: false }).limit(PAIRS_READ);
  if (error) throw new Error(error.message);
  return topIndicators(data, TOP_INDICATORS);
}

export function getTopSightingsQueryOptions(sensor: string | undefined) {
  return queryOptions({
    queryKey: telemetryKeys.topSightings(sensor),
    queryFn: () => getTopSightings(sensor),
    staleTime: 60_000,
  });
}

export function useTopSightings(sensor: string | undefined) {
  return useQuery(getTopSightingsQueryOptions(sensor));
}
