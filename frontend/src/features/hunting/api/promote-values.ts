/**
 * Promotes a hunt's values that matched nothing to indicators, in one transaction through the same
 * function as the text-to-knowledge draft (create_knowledge_from_text: canonical values, as the
 * analyst, at the TLP chosen). At most 5,000 at a time, as the function allows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { HuntValue } from '@/features/hunting/utils/parse-hunt-text';

export const PROMOTE_LIMIT = 5000;

export async function promoteValues(values: readonly HuntValue[], tlp: 'clear' | 'green' | 'amber') {
  const { data, error } = await supabase().rpc('create_knowledge_from_text', {
    _indicators: values.slice(0, PROMOTE_LIMIT).map(({ type, value }) => ({ type, value })),
    _tlp: tlp,
    _description: 'Promoted from a hunt',
  });
  if (error) throw new Error(error.message);
  return data as { indicators: number; created: number };
}

export function usePromoteValues() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ values, tlp }: { values: readonly HuntValue[]; tlp: 'clear' | 'green' | 'amber' }) =>
      promoteValues(values, tlp),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['indicators'] }),
  });
}
