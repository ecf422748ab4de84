/** Known exploited vulnerabilities joined with EPSS and CVSS, in keyset pages (`kev_feed`). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { supabase } from '@/lib/supabase';
import type { KevResultFilters, KevSort } from '@/features/vulnerabilities/schemas/kev-filters';
import { vulnerabilityKeys } from './keys';

export type KevRow = Database['public']['Functions']['kev_feed']['Returns'][number];

export const KEV_PAGE_SIZE = 200;
const ADDED_DAYS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;

interface Cursor {
  key: string | null;
  id: string;
}

export async function getKevFeed(
  filters: KevResultFilters,
  sort: KevSort,
  after: Cursor | null,
  signal?: AbortSignal,
) {
  const since = filters.added
    ? new Date(Date.now() - ADDED_DAYS[filters.added] * 86_400_000).toISOString().slice(0, 10)
    : undefined;
  let query = supabase().rpc('kev_feed', {
    _query: checkedSearchText(filters.q.trim(), SEARCH_LIMITS.vulnerabilities) || undefined,
    _ransomware_only: filters.ransomware === '1',
    _overdue_only: filters.overdue === '1',
    _added_since: since,
    _sort: sort,
    _after_key: after?.key ?? undefined,
    _after_id: after?.id,
    _limit: KEV_PAGE_SIZE,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function getKevFeedQueryOptions(filters: KevResultFilters, sort: KevSort) {
  return infiniteQueryOptions({
    queryKey: vulnerabilityKeys.kevList(filters, sort),
    queryFn: ({ pageParam, signal }) => getKevFeed(filters, sort, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (lastPage): Cursor | null => {
      if (lastPage.length < KEV_PAGE_SIZE) return null;
      const last = lastPage.at(-1)!;
      return { key: last.sort_key, id: last.cve_id };
    },
  });
}

export function useKevFeed(filters: KevResultFilters, sort: KevSort) {
  return useInfiniteQuery(getKevFeedQueryOptions(filters, sort));
}
