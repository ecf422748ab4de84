/**
 * Enhanced CTI's list: keyset pages of `cti_objects` (RLS applies), the next page asked for with the
 * last row's sort key and id, so a deep page costs what the first costs.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { supabase } from '@/lib/supabase';
import type { CtiListFilters, CtiSort } from '@/features/knowledge/schemas/cti-filters';
import { knowledgeKeys } from './keys';

export type CtiObjectRow = Database['public']['Functions']['cti_objects']['Returns'][number];

export const CTI_PAGE_SIZE = 200;

interface Cursor {
  key: string | null;
  id: string;
}

export async function getCtiObjects(
  filters: CtiListFilters,
  sort: CtiSort,
  after: Cursor | null,
  signal?: AbortSignal,
): Promise<CtiObjectRow[]> {
  let query = supabase().rpc('cti_objects', {
    _kinds: filters.kind ? [filters.kind] : undefined,
    _source_id: filters.source,
    _query: checkedSearchText(filters.q.trim(), SEARCH_LIMITS.knowledge) || undefined,
    _include_revoked: filters.revoked === 'show',
    _sort: sort,
    _after_key: after?.key ?? undefined,
    _after_id: after?.id,
    _limit: CTI_PAGE_SIZE,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function getCtiObjectsQueryOptions(filters: CtiListFilters, sort: CtiSort) {
  return infiniteQueryOptions({
    queryKey: knowledgeKeys.list(filters, sort),
    queryFn: ({ pageParam, signal }) => getCtiObjects(filters, sort, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (lastPage): Cursor | null => {
      if (lastPage.length < CTI_PAGE_SIZE) return null;
      const last = lastPage.at(-1)!;
      return { key: last.sort_key, id: last.stix_id };
    },
    // Knowledge objects change by imports only (weekly for ATT&CK).
    staleTime: 5 * 60_000,
  });
}

export function useCtiObjects(filters: CtiListFilters, sort: CtiSort) {
  return useInfiniteQuery(getCtiObjectsQueryOptions(filters, sort));
}
