/** RPC `public_intel_highlights()`: recently changed TLP:CLEAR reports, actors, malware and tools. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callPublicRpc } from './public-rpc';
import { publicSiteKeys } from './keys';
import { NEWS_PAGE_SIZE } from './get-kev-additions';

export interface IntelHighlight {
  stix_id: string;
  type: string;
  name: string | null;
  summary: string | null;
  external_ids: string[];
  modified: string;
  sources: string[];
}

type Cursor = { modified: string; id: string } | null;

export function getIntelHighlights(after: Cursor): Promise<IntelHighlight[]> {
  return callPublicRpc<IntelHighlight[]>('public_intel_highlights', {
    _limit: NEWS_PAGE_SIZE,
    _before: after?.modified ?? null,
    _before_id: after?.id ?? null,
  });
}

export function getIntelHighlightsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: publicSiteKeys.intelHighlights(),
    queryFn: ({ pageParam }) => getIntelHighlights(pageParam),
    initialPageParam: null as Cursor,
    getNextPageParam: (page): Cursor => {
      const last = page.at(-1);
      return page.length === NEWS_PAGE_SIZE && last ? { modified: last.modified, id: last.stix_id } : null;
    },
  });
}

export function useIntelHighlights() {
  return useInfiniteQuery(getIntelHighlightsQueryOptions());
}
