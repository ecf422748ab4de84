/** Stop watching for good: the database drops the watch's lookalikes and mentions with it (cascade). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { watchKeys } from './keys';

export async function deleteWatch(id: string): Promise<void> {
  const { error } = await supabase().from('watches').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

export function useDeleteWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchKeys.lists() }),
  });
}
