/**
 * The latest posts naming a watched keyword, e-mail domain or domain: mentions with their post and
 * watch embedded, newest post first (PostgREST orders by the embedded post's date).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { darkWebKeys } from './keys';

export const MENTIONS_SHOWN = 200;

export async function getLeakMentions(signal?: AbortSignal) {
  let request = supabase()
    .from('leak_mentions')
    .select(
      'post_id, watch_id, matched, created_at, leak_posts(id, source, group_name, victim, published_at, country, sector, website, url), watches(kind, value)',
    )
    .order('leak_posts(published_at)', { ascending: false })
    .order('created_at', { ascending: false })
    .limit(MENTIONS_SHOWN);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export type LeakMention = Awaited<ReturnType<typeof getLeakMentions>>[number];

export function getLeakMentionsQueryOptions() {
  return queryOptions({
    queryKey: darkWebKeys.mentions(),
    queryFn: ({ signal }) => getLeakMentions(signal),
  });
}

export function useLeakMentions() {
  return useQuery(getLeakMentionsQueryOptions());
}
