/** The intelligence sources, for the source filter. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export async function getSources() {
  const { data, error } = await supabase().from('sources').select('id, name').order('name');
  if (error) throw new Error(error.message);
  return data;
}

export function getSourcesQueryOptions() {
  return queryOptions({ queryKey: indicatorKeys.sources(), queryFn: getSources });
}

export function useSources() {
  return useQuery(getSourcesQueryOptions());
}
