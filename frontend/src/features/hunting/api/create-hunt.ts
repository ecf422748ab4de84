/** Save the current paste as a named hunt (the database sets its author). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { huntKeys } from './keys';

export interface NewHunt {
  name: string;
  query: string;
  valueCount: number;
  /** The run of this very text, when there was one. */
  lastRun?: { at: string; matched: number };
}

export async function createHunt({ name, query, valueCount, lastRun }: NewHunt): Promise<string> {
  const { data, error } = await supabase()
    .from('hunts')
    .insert({
      name,
      query,
      value_count: valueCount,
      last_run_at: lastRun?.at,
      last_matched: lastRun?.matched,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

export function useCreateHunt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHunt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: huntKeys.lists() }),
  });
}
