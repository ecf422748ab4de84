/** Deletes a list with its entries (administrators with a verified second factor): its values alert again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionError, retryUnlessRefused } from '@/features/exclusions/utils/exclusion-error';
import { exclusionKeys } from './keys';

export async function deleteExclusionList(id: number): Promise<void> {
  const { error } = await supabase().rpc('delete_exclusion_list', { _id: id });
  if (error) throw exclusionError(error);
}

export function useDeleteExclusionList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExclusionList,
    retry: retryUnlessRefused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.all }),
  });
}
