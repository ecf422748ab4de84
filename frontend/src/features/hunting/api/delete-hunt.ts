/** Delete one of your saved hunts (RLS lets an analyst delete only their own). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { huntKeys } from './keys';

export async function deleteHunt(id: string): Promise<void> {
  const { error } = await supabase().from('hunts').delete().eq('id', id);
  if (error) throw new Error(error.message);
}

export function useDeleteHunt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHunt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: huntKeys.lists() }),
  });
}
