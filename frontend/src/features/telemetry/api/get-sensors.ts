/** The sensors that sent telemetry, with their totals; the most recently heard first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { telemetryKeys } from './keys';

export async function getSensors() {
  const { data, error } = await supabase()
    .from('sensors')
    .select('name, kind, first_event_at, last_event_at, events, matched_events, last_import_at')
    .order('last_event_at', { ascending: false, nullsFirst: false })
    .order('name');
  if (error) throw new Error(error.message);
  return data;
}

export type SensorRow = Awaited<ReturnType<typeof getSensors>>[number];

export function getSensorsQueryOptions() {
  return queryOptions({ queryKey: telemetryKeys.sensors(), queryFn: getSensors, staleTime: 60_000 });
}

export function useSensors() {
  return useQuery(getSensorsQueryOptions());
}
