/**
 * The signed-in user's clearance (`my_clearance`) as the forms that write intelligence need it: the
 * TLP levels the database will take from them (up to their clearance; RED only with a group cleared
 * for it, since a RED row made by hand names its audience) and those groups. The database checks
 * both again; this only keeps the forms from offering what it would refuse. One query for every
 * feature (indicators, knowledge, cases).
 */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export const TLP_ORDER = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export type Tlp = (typeof TLP_ORDER)[number];

export interface RedGroup {
  id: string;
  name: string;
}

export interface WritableTlp {
  clearance: Tlp;
  /** The levels to offer, lowest first. */
  levels: Tlp[];
  redGroups: RedGroup[];
}

export function writableLevels(clearance: Tlp, redGroups: readonly RedGroup[]): Tlp[] {
  const ceiling = TLP_ORDER.indexOf(clearance);
  return TLP_ORDER.filter((level, index) => index <= ceiling && (level !== 'red' || redGroups.length > 0));
}

export async function getWritableTlp(signal?: AbortSignal): Promise<WritableTlp> {
  let query = supabase().rpc('my_clearance');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  const row = data[0];
  const clearance = (row?.clearance ?? 'clear') as Tlp;
  const redGroups = Array.isArray(row?.red_groups) ? (row.red_groups as unknown as RedGroup[]) : [];
  return { clearance, levels: writableLevels(clearance, redGroups), redGroups };
}

/** Not under any feature's key: writing intelligence changes no clearance. */
export const clearanceKey = ['my-clearance'] as const;

export function useWritableTlp() {
  return useQuery({
    queryKey: clearanceKey,
    queryFn: ({ signal }) => getWritableTlp(signal),
    staleTime: 60_000,
  });
}
