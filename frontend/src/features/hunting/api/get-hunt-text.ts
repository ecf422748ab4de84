/** One saved hunt's text, read when it is run rather than with the list. */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { huntKeys } from './keys';

export async function getHuntText(id: string): Promise<string> {
  const { data, error } = await supabase().from('hunts').select('query').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data.query;
}

export function getHuntTextQueryOptions(id: string) {
  return queryOptions({
    queryKey: huntKeys.text(id),
    queryFn: () => getHuntText(id),
    // A text can be 10 MB and its owner may edit it: read it fresh each run, keep it briefly.
    staleTime: 0,
    gcTime: 60_000,
  });
}
