/** The watches of some kinds, newest first: domains for Brand Protection, keywords for Dark Web Monitoring. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { watchKeys, type WatchKind } from './keys';

export type { WatchKind };

/** More than an installation watches; the list is not paged. */
export const WATCHES_SHOWN = 500;
const COLUMNS = 'id, kind, value, value_ascii, note, enabled, created_at';

export async function getWatches(kinds: readonly WatchKind[]) {
  const { data, error } = await supabase()
    .from('watches')
    .select(COLUMNS)
    .in('kind', [...kinds])
    .order('created_at', { ascending: false })
    .limit(WATCHES_SHOWN);
  if (error) throw new Error(error.message);
  return data;
}

export type Watch = Awaited<ReturnType<typeof getWatches>>[number];

export function getWatchesQueryOptions(kinds: readonly WatchKind[]) {
  return queryOptions({ queryKey: watchKeys.list(kinds), queryFn: () => getWatches(kinds) });
}

export function useWatches(kinds: readonly WatchKind[]) {
  return useQuery(getWatchesQueryOptions(kinds));
}
