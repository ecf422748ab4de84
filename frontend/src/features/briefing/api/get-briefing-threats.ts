/**
 * The most active malware families and threat actors of the period, with the previous period's
 * figures (`briefing_threats`). What the reader may not see (TLP:RED) is neither counted nor named.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { briefingKeys } from './keys';

export type BriefingThreatRow = Database['public']['Functions']['briefing_threats']['Returns'][number];

export async function getBriefingThreats(days: number, limit: number): Promise<BriefingThreatRow[]> {
  const { data, error } = await supabase().rpc('briefing_threats', { _days: days, _limit: limit });
  if (error) throw new Error(error.message);
  return data;
}

export function getBriefingThreatsQueryOptions(days: number, limit: number) {
  return queryOptions({
    queryKey: briefingKeys.threats(days, limit),
    queryFn: () => getBriefingThreats(days, limit),
  });
}

export function useBriefingThreats(days: number, limit: number) {
  return useQuery(getBriefingThreatsQueryOptions(days, limit));
}
