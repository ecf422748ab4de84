/**
 * KEV entries of the period and the one before, and those exposing our assets today (`briefing_kev`),
 * each with the assets it exposes as External Assets matches them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { briefingKeys } from './keys';

type GeneratedRow = Database['public']['Functions']['briefing_kev']['Returns'][number];

/** The generator marks every column of a returned table as set; these may be null. */
export type BriefingKevRow = Omit<
  GeneratedRow,
  'period' | 'kev_name' | 'kev_vendor' | 'kev_product' | 'kev_due_date' | 'kev_ransomware_use' | 'epss_score'
> & {
  period: 'current' | 'previous' | null;
  kev_name: string | null;
  kev_vendor: string | null;
  kev_product: string | null;
  kev_due_date: string | null;
  kev_ransomware_use: string | null;
  epss_score: number | null;
};

export async function getBriefingKev(days: number): Promise<BriefingKevRow[]> {
  const { data, error } = await supabase().rpc('briefing_kev', { _days: days });
  if (error) throw new Error(error.message);
  return data as BriefingKevRow[];
}

export function getBriefingKevQueryOptions(days: number) {
  return queryOptions({ queryKey: briefingKeys.kev(days), queryFn: () => getBriefingKev(days) });
}

export function useBriefingKev(days: number) {
  return useQuery(getBriefingKevQueryOptions(days));
}
