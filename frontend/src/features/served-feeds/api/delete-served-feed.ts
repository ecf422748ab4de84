/** Deletes a feed (`delete_served_feed`); its URL answers 401 from then on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { servedFeedKeys } from './keys';

export async function deleteServedFeed(id: string): Promise<void> {
  const { error } = await supabase().rpc('delete_served_feed', { _id: id });
  if (error) throw new Error(error.message);
}

export function useDeleteServedFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServedFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servedFeedKeys.list() }),
  });
}
