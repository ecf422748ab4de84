/**
 * Pause or resume a watch. A paused watch keeps its lookalikes and mentions but is left out of
 * matching, so new intelligence and posts raise nothing for it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { watchKeys } from './keys';

export interface WatchEnabled {
  id: string;
  enabled: boolean;
}

export async function setWatchEnabled({ id, enabled }: WatchEnabled): Promise<void> {
  const { error } = await supabase().from('watches').update({ enabled }).eq('id', id);
  if (error) throw new Error(error.message);
}

export function useSetWatchEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWatchEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchKeys.lists() }),
  });
}
