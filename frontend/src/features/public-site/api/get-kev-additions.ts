/** RPC `public_kev_additions()`: the latest CISA KEV additions, 20 a page, continued by (date, CVE). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callPublicRpc } from './public-rpc';
import { publicSiteKeys } from './keys';

export const NEWS_PAGE_SIZE = 20;

export interface KevAddition {
  cve_id: string;
  name: string | null;
  vendor: string | null;
  product: string | null;
  date_added: string;
  due_date: string | null;
  ransomware_use: string | null;
  short_description: string | null;
  epss_score: number | null;
  cvss_base_score: number | null;
  cvss_severity: string | null;
}

type Cursor = { date: string; id: string } | null;

export function getKevAdditions(after: Cursor): Promise<KevAddition[]> {
  return callPublicRpc<KevAddition[]>('public_kev_additions', {
    _limit: NEWS_PAGE_SIZE,
    _before_date: after?.date ?? null,
    _before_id: after?.id ?? null,
  });
}

export function getKevAdditionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: publicSiteKeys.kevAdditions(),
    queryFn: ({ pageParam }) => getKevAdditions(pageParam),
    initialPageParam: null as Cursor,
    getNextPageParam: (page): Cursor => {
      const last = page.at(-1);
      return page.length === NEWS_PAGE_SIZE && last ? { date: last.date_added, id: last.cve_id } : null;
    },
  });
}

export function useKevAdditions() {
  return useInfiniteQuery(getKevAdditionsQueryOptions());
}
