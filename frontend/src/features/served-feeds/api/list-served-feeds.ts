/** Feeds we serve with their pulls and alerts (`list_served_feeds`; administrators with MFA). Never a token. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { servedFeedKeys } from './keys';

type Row = Database['public']['Functions']['list_served_feeds']['Returns'][number];
export type ServedFeed = Omit<Row, 'types' | 'sources' | 'last_pulled_at' | 'last_pulled_from'> & {
  types: string[] | null;
  sources: string[] | null;
  last_pulled_at: string | null;
  last_pulled_from: string | null;
};

export async function listServedFeeds(signal?: AbortSignal): Promise<ServedFeed[]> {
  let query = supabase().rpc('list_served_feeds');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as ServedFeed[];
}

export function useServedFeeds(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: servedFeedKeys.list(),
      queryFn: ({ signal }) => listServedFeeds(signal),
      enabled,
    }),
  );
}
