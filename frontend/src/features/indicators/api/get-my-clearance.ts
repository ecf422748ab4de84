/**
 * The signed-in user's clearance and groups cleared for TLP:RED (`my_clearance`), so the forms that
 * write intelligence offer only the TLP levels the database will take, and a RED row its audience.
 */
import { useQuery } from '@tanstack/react-query';
import type { TLP_LEVELS } from '@/features/indicators/schemas/indicator-filters';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export interface MyClearance {
  clearance: (typeof TLP_LEVELS)[number];
  redGroups: { id: string; name: string }[];
}

export async function getMyClearance(signal?: AbortSignal): Promise<MyClearance> {
  let query = supabase().rpc('my_clearance');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  const row = data[0];
  return {
    clearance: row?.clearance ?? 'clear',
    redGroups: Array.isArray(row?.red_groups) ? (row.red_groups as MyClearance['redGroups']) : [],
  };
}

export function useMyClearance() {
  return useQuery({ queryKey: indicatorKeys.clearance(), queryFn: ({ signal }) => getMyClearance(signal) });
}
