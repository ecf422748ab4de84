/**
 * Merging duplicates: the preview (what would move, the aliases after) and the merge itself
 * (merge_intel_objects, 20261202000300). Both refuse another type, the target itself and objects
 * the user cannot read, in words.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { knowledgeKeys } from './keys';

export interface MergePreview {
  into: { stix_id: string; type: string; name: string | null; tlp: string };
  from: { stix_id: string; name: string | null; aliases: string[]; tlp: string }[];
  aliases: string[];
  relationships: number;
  indicators: number;
  sightings: number;
  reports: number;
}

export async function getMergePreview(into: string, from: readonly string[]): Promise<MergePreview> {
  const { data, error } = await supabase().rpc('merge_intel_objects_preview', {
    _into: into,
    _from: [...from],
  });
  if (error) throw new Error(error.message);
  return data as unknown as MergePreview;
}

export function useMergePreview(into: string, from: readonly string[]) {
  return useQuery({
    queryKey: knowledgeKeys.mergePreview(into, from),
    queryFn: () => getMergePreview(into, from),
    enabled: from.length > 0,
    retry: false,
  });
}

export async function mergeObjects(into: string, from: readonly string[]) {
  const { data, error } = await supabase().rpc('merge_intel_objects', { _into: into, _from: [...from] });
  if (error) throw new Error(error.message);
  return data as { relationships_moved: number; duplicates_dropped: number; sightings_moved: number };
}

export function useMergeObjects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ into, from }: { into: string; from: readonly string[] }) => mergeObjects(into, from),
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
}
