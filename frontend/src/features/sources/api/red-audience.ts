/**
 * A source's sharing (issue 28 §1): its TLP:RED audience, the groups cleared for RED whose members
 * read its RED reports, and its PAP (PAP:AMBER and above never leave the platform). Administrators
 * with a verified second factor change them; the database refuses groups not cleared for RED and
 * records each change in the audit trail (sources_audited).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PapLevel } from '@/components/intel/pap-badge';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

export interface RedGroup {
  id: string;
  name: string;
}

export interface RedAudience {
  /** Every group cleared for RED, by name. */
  groups: RedGroup[];
  /** The ids the source names now. */
  chosen: string[];
  pap: PapLevel;
}

export async function getRedAudience(sourceId: string, signal?: AbortSignal): Promise<RedAudience> {
  let groups = supabase().from('groups').select('id, name').eq('max_tlp', 'red').order('name');
  let source = supabase().from('sources').select('red_audience, pap').eq('id', sourceId);
  if (signal) {
    groups = groups.abortSignal(signal);
    source = source.abortSignal(signal);
  }
  const [g, s] = await Promise.all([groups, source]);
  if (g.error) throw new Error(g.error.message);
  if (s.error) throw new Error(s.error.message);
  return { groups: g.data, chosen: s.data[0]?.red_audience ?? [], pap: s.data[0]?.pap ?? 'clear' };
}

export function useRedAudience(sourceId: string) {
  return useQuery({
    queryKey: sourceKeys.redAudience(sourceId),
    queryFn: ({ signal }) => getRedAudience(sourceId, signal),
  });
}

export interface Sharing {
  sourceId: string;
  groupIds: string[];
  pap: PapLevel;
}

export async function setRedAudience({ sourceId, groupIds, pap }: Sharing) {
  const { data, error } = await supabase()
    .from('sources')
    .update({ red_audience: groupIds, pap })
    .eq('id', sourceId)
    .select('id');
  if (error) throw new Error(error.message);
  // RLS answers an update it refuses with no row rather than an error.
  if (data.length === 0) {
    throw new Error('Only administrators with a verified second factor change a source.');
  }
}

export function useSetRedAudience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRedAudience,
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: sourceKeys.redAudience(input.sourceId) }),
  });
}
