/** Names of the knowledge base's sources, for a feed's source filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { servedFeedKeys } from './keys';

export async function getSourceNames(signal?: AbortSignal): Promise<string[]> {
  let query = supabase().from('sources').select('name').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data.map((row) => row.name);
}

export function useSourceNames() {
  return useQuery(
    queryOptions({ queryKey: servedFeedKeys.sources(), queryFn: ({ signal }) => getSourceNames(signal) }),
  );
}
