/** How many posts name one watch: said after a watch is added (the server matched it against them all). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { darkWebKeys } from './keys';

export async function countWatchMentions(watchId: string): Promise<number> {
  const { count, error } = await supabase()
    .from('leak_mentions')
    .select('post_id', { count: 'exact', head: true })
    .eq('watch_id', watchId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

export function countWatchMentionsQueryOptions(watchId: string) {
  return queryOptions({
    queryKey: darkWebKeys.mentionCount(watchId),
    queryFn: () => countWatchMentions(watchId),
  });
}

export function useWatchMentionCount(watchId: string | undefined) {
  return useQuery({ ...countWatchMentionsQueryOptions(watchId ?? ''), enabled: Boolean(watchId) });
}
