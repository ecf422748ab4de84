/** Note on a saved hunt when it last ran and how many values matched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { huntKeys } from './keys';

export interface HuntRunRecord {
  id: string;
  at: string;
  matched: number;
}

export async function recordHuntRun({ id, at, matched }: HuntRunRecord): Promise<void> {
  const { error } = await supabase()
    .from('hunts')
    .update({ last_run_at: at, last_matched: matched })
    .eq('id', id);
  if (error) throw new Error(error.message);
}

export function useRecordHuntRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordHuntRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: huntKeys.lists() }),
  });
}
