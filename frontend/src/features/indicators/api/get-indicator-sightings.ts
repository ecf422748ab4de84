/** Where an indicator was seen: one row per sensor (or per feed's sighting), latest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { ACTIVITY_LIST_LIMIT } from './get-indicator-activity';
import { indicatorKeys } from './keys';

type Row = Database['public']['Functions']['indicator_sightings']['Returns'][number];
/** A feed's STIX sighting has no sensor and may have no last event. */
export type IndicatorSighting = Omit<Row, 'sensor' | 'last_event_type'> & {
  sensor: string | null;
  last_event_type: string | null;
};

export async function getIndicatorSightings(id: number): Promise<IndicatorSighting[]> {
  const { data, error } = await supabase().rpc('indicator_sightings', {
    _indicator_id: id,
    _limit: ACTIVITY_LIST_LIMIT,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function getIndicatorSightingsQueryOptions(id: number) {
  return queryOptions({ queryKey: indicatorKeys.sightings(id), queryFn: () => getIndicatorSightings(id) });
}

export function useIndicatorSightings(id: number) {
  return useQuery(getIndicatorSightingsQueryOptions(id));
}
