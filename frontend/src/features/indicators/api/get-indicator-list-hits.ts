/**
 * The warninglists and exclusion lists holding the listed indicators' values, read per loaded page
 * (at most one page of ids per request) from the `warninglists` and `exclusions` computed fields,
 * with the offline AS and country columns:
 * the list RPC stays fast, and only the rows the analyst has loaded pay for the lookups.
 */
import { useQueries } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ListHits } from '@/features/indicators/utils/list-hits';
import { indicatorKeys } from './keys';

export async function getIndicatorListHits(ids: readonly number[], signal?: AbortSignal) {
  let query = supabase()
    .from('indicators')
    .select('id, warninglists, exclusions, asn, as_name, country')
    .in('id', [...ids]);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

function combine(results: { data?: Awaited<ReturnType<typeof getIndicatorListHits>> }[]) {
  const hits = new Map<number, ListHits>();
  for (const result of results)
    for (const row of result.data ?? [])
      hits.set(row.id, {
        warninglists: row.warninglists ?? [],
        exclusions: row.exclusions ?? [],
        origin: { asn: row.asn, asName: row.as_name, country: row.country },
      });
  return hits;
}

export function useIndicatorListHits(pages: readonly (readonly { id: number }[])[]) {
  return useQueries({
    queries: pages
      .filter((page) => page.length > 0)
      .map((page) => {
        const ids = page.map((row) => row.id);
        return {
          queryKey: indicatorKeys.listHits(ids),
          queryFn: ({ signal }: { signal: AbortSignal }) => getIndicatorListHits(ids, signal),
          // A list changes from other pages (an alert's false positive): read again on every visit.
          staleTime: 0,
        };
      }),
    combine,
  });
}
