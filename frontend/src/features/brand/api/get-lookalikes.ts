/**
 * Every stored lookalike of one watched domain (5,000 by default, at most 10,000), read in keyset
 * pages by name because the API answers at most 1,000 rows a request. The page counts families and
 * filters in memory: a family or a search then answers at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { brandKeys } from './keys';

/** The API's max_rows; a smaller server cap only means more requests. */
const PAGE_SIZE = 1000;
/** add_domain_watch refuses more than this many in one call. */
const MAX_LOOKALIKES = 10_000;

export async function getLookalikes(watchId: string, signal?: AbortSignal) {
  const rows: { domain: string; unicode: string; family: string }[] = [];
  let after: string | null = null;
  // Stop at an empty page rather than a short one, which a lower server cap would also give.
  for (;;) {
    let query = supabase()
      .from('lookalike_domains')
      .select('domain, unicode, family')
      .eq('watch_id', watchId);
    if (after !== null) query = query.gt('domain', after);
    let request = query.order('domain').limit(PAGE_SIZE);
    if (signal) request = request.abortSignal(signal);
    const { data, error } = await request;
    if (error) throw new Error(error.message);
    rows.push(...data);
    if (data.length === 0 || rows.length >= MAX_LOOKALIKES) return rows;
    after = data.at(-1)!.domain;
  }
}

export type LookalikeRow = Awaited<ReturnType<typeof getLookalikes>>[number];

export function getLookalikesQueryOptions(watchId: string) {
  return queryOptions({
    queryKey: brandKeys.lookalikes(watchId),
    queryFn: ({ signal }) => getLookalikes(watchId, signal),
  });
}

export function useLookalikes(watchId: string | undefined) {
  return useQuery({ ...getLookalikesQueryOptions(watchId ?? ''), enabled: Boolean(watchId) });
}
