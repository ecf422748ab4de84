/** Creates a list, or renames one and changes its description (administrators with a verified second factor). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionError, retryUnlessRefused } from '@/features/exclusions/utils/exclusion-error';
import { exclusionKeys } from './keys';

export interface ExclusionListDraft {
  /** Absent: a new list. */
  id?: number;
  name: string;
  description: string;
}

export async function saveExclusionList({ id, name, description }: ExclusionListDraft) {
  const { data, error } =
    id === undefined
      ? await supabase().rpc('create_exclusion_list', {
          _name: name.trim(),
          _description: description.trim(),
        })
      : await supabase().rpc('update_exclusion_list', {
          _id: id,
          _name: name.trim(),
          _description: description.trim(),
        });
  if (error) throw exclusionError(error);
  return data;
}

export function useSaveExclusionList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExclusionList,
    retry: retryUnlessRefused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.lists() }),
  });
}
