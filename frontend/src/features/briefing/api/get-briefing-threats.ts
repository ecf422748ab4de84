/**
 * The most active malware families and threat actors of the period, with the previous period's
 * figures (`briefing_threats`). What the reader may not see (TLP:RED) is neither counted nor named.
 * Actors come with the evidence that names them; families with how many known actors use them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { briefingKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['briefing_threats']['Returns'][number];

/** The generator marks every column of a returned table as set; these are null on the other kind's rows. */
export type BriefingThreatRow = Omit<
  GeneratedRow,
  'used_by_actors' | 'shared' | 'confidence' | 'evidence' | 'evidence_count' | 'via_software'
> & {
  /** Families: how many known actors (intrusion sets, threat actors) use it. */
  used_by_actors: number | null;
  /** Families: used by so many actors that a link to one of them attributes nothing. */
  shared: boolean | null;
  /** Actors: moderate on actor-specific evidence, low when only a family few actors use links them. */
  confidence: 'moderate' | 'low' | null;
  evidence: 'direct' | 'campaigns' | 'reports' | 'software' | null;
  /** Direct links, indicators of its campaigns or reports, or (software) families behind the evidence. */
  evidence_count: number | null;
  via_software: string[] | null;
};

export async function getBriefingThreats(days: number, limit: number): Promise<BriefingThreatRow[]> {
  const { data, error } = await supabase().rpc('briefing_threats', { _days: days, _limit: limit });
  if (error) throw new Error(error.message);
  return data as BriefingThreatRow[];
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
