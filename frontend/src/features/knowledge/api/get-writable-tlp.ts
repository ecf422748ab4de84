/**
 * The TLP levels this user may write knowledge at (up to their clearance, `my_clearance`) and their
 * groups cleared for TLP:RED, one of which a RED object names as its audience (the database checks
 * both again).
 */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { TLP_ORDER, type Tlp } from '@/features/knowledge/utils/authoring';
import { knowledgeKeys } from './keys';

export interface WritableTlp {
  levels: Tlp[];
  redGroups: { id: string; name: string }[];
}

export async function getWritableTlp(): Promise<WritableTlp> {
  const { data, error } = await supabase().rpc('my_clearance');
  if (error) throw new Error(error.message);
  const row = data[0];
  const clearance = row?.clearance ?? 'clear';
  return {
    levels: TLP_ORDER.slice(0, TLP_ORDER.indexOf(clearance) + 1),
    redGroups: Array.isArray(row?.red_groups) ? (row.red_groups as WritableTlp['redGroups']) : [],
  };
}

export function useWritableTlp() {
  return useQuery({ queryKey: knowledgeKeys.clearance(), queryFn: getWritableTlp, staleTime: 60_000 });
}
