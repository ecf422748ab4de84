/** Removes an entry (its author, or an administrator); the value alerts again at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionError, retryUnlessRefused } from '@/features/exclusions/utils/exclusion-error';
import { exclusionKeys } from './keys';

export async function removeExclusion(id: number): Promise<void> {
  const { error } = await supabase().rpc('remove_exclusion', { _id: id });
  if (error) throw exclusionError(error);
}

export function useRemoveExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeExclusion,
    retry: retryUnlessRefused,
    onSettled: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.all }),
  });
}
