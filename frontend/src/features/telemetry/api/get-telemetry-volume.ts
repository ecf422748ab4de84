/**
 * Events per sensor, hour and event type over the chosen window, newest first so that a ceiling on
 * rows keeps the recent end of the chart. The shaping into columns is done by utils/volume-series.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readAllPages } from '@/lib/read-all-pages';
import { supabase } from '@/lib/supabase';
import type { VolumeWindow } from '@/features/telemetry/schemas/network-filters';
import { windowStart } from '@/features/telemetry/utils/volume-series';
import { telemetryKeys } from './keys';

/** 30 days of 10 sensors × 4 event types; past it the oldest hours are left out and the chart says so. */
export const MAX_VOLUME_ROWS = 30_000;

function readPage(since: string | null, sensor: string | undefined, from: number, to: number) {
  let query = supabase().from('telemetry_volume').select('sensor, bucket, event_type, events, matched');
  if (since) query = query.gte('bucket', since);
  if (sensor) query = query.eq('sensor', sensor);
  return query.order('bucket', { ascending: false }).order('sensor').order('event_type').range(from, to);
}

export async function getTelemetryVolume(window: VolumeWindow, sensor: string | undefined, now = Date.now()) {
  const since = windowStart(window, now)?.toISOString() ?? null;
  const { rows, complete } = await readAllPages(
    (from, to) => readPage(since, sensor, from, to),
    MAX_VOLUME_ROWS,
  );
  return { rows, complete, now };
}

export function getTelemetryVolumeQueryOptions(window: VolumeWindow, sensor: string | undefined) {
  return queryOptions({
    queryKey: telemetryKeys.volume(window, sensor),
    queryFn: () => getTelemetryVolume(window, sensor),
    staleTime: 60_000,
  });
}

export function useTelemetryVolume(window: VolumeWindow, sensor: string | undefined) {
  return useQuery(getTelemetryVolumeQueryOptions(window, sensor));
}
