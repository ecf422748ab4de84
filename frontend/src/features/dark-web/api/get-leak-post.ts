/** One leak post with its body and context, for the drawer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { darkWebKeys } from './keys';

export async function getLeakPost(id: number) {
  const { data, error } = await supabase()
    .from('leak_posts')
    .select('id, source, group_name, victim, published_at, country, sector, website, url, body, context')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export type LeakPostDetail = NonNullable<Awaited<ReturnType<typeof getLeakPost>>>;

export function getLeakPostQueryOptions(id: number) {
  return queryOptions({ queryKey: darkWebKeys.post(id), queryFn: () => getLeakPost(id) });
}

export function useLeakPost(id: number | undefined) {
  return useQuery({ ...getLeakPostQueryOptions(id ?? 0), enabled: id !== undefined });
}
