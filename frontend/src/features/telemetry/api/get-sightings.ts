/** Telemetry sightings, most recently seen first, in pages as the table scrolls; one sensor or all. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { telemetryKeys } from './keys';

export const SIGHTINGS_PAGE_SIZE = 200;

export async function getSightings(sensor: string | undefined, offset: number, signal?: AbortSignal) {
  let query = supabase()
    .from('sightings')
    .select(
      'stix_id, indicator_id, sensor, count, first_seen, last_seen, last_event, indicators(id, type, value, tlp, confidence)',
    )
    .not('sensor', 'is', null);
  if (sensor) query = query.eq('sensor', sensor);
  query = query
    .order('last_seen', { ascending: false, nullsFirst: false })
    .order('stix_id')
    .range(offset, offset + SIGHTINGS_PAGE_SIZE - 1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export type SightingRow = Awaited<ReturnType<typeof getSightings>>[number];

export function getSightingsQueryOptions(sensor: string | undefined) {
  return infiniteQueryOptions({
    queryKey: telemetryKeys.sightings(sensor),
    queryFn: ({ pageParam, signal }) => getSightings(sensor, pageParam, signal),
    initialPageParam: 0,
    // Offsets, not keysets: sightings number one per (indicator, sensor), thousands rather than millions.
    getNextPageParam: (lastPage, pages) =>
      lastPage.length < SIGHTINGS_PAGE_SIZE ? null : pages.length * SIGHTINGS_PAGE_SIZE,
    staleTime: 60_000,
  });
}

export function useSightings(sensor: string | undefined) {
  return useInfiniteQuery(getSightingsQueryOptions(sensor));
}
