/** An analyst's own indicator: canonical value, their confidence, TLP and RED audience; the database re-checks them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndicatorType } from '@/lib/intel/indicator-input';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export interface NewIndicator {
  type: IndicatorType;
  value: string;
  confidence: number;
  tlp: 'clear' | 'green' | 'amber' | 'amber+strict' | 'red';
  description: string;
  /** For TLP:RED: the groups (cleared for RED) whose members read it; the database requires one. */
  red_audience: string[];
}

/** The reasons Postgres gives, in words an analyst can act on. */
function explain(code: string | undefined, message: string): string {
  if (code === '23505') return 'This indicator is already in the knowledge base: search for it instead.';
  if (code === '42501') return 'You may not add an indicator with this TLP.';
  if (code === '23514') return `The database refused the value: ${message}`;
  return message;
}

export async function createIndicator(input: NewIndicator): Promise<number> {
  const now = new Date().toISOString();
  const { data, error } = await supabase()
    .from('indicators')
    .insert({ ...input, first_seen: now, last_seen: now })
    .select('id')
    .single();
  if (error) throw new Error(explain(error.code, error.message));
  return data.id;
}

export function useCreateIndicator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIndicator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: indicatorKeys.all }),
  });
}
