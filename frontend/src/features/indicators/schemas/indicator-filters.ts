/** The IOC page's view state, owned by the URL: a filtered, sorted list can be sent as a link. */
import { z } from 'zod';
import { INDICATOR_TYPES } from '@/lib/intel/indicator-input';
import { searchTextParam } from '@/lib/search-text';
import { urlList } from '@/lib/url-state';

export const TLP_LEVELS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;
export const SEEN_WINDOWS = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;
export const INDICATOR_SORTS = ['last_seen', 'first_seen', 'score', 'value'] as const;
export type IndicatorSort = (typeof INDICATOR_SORTS)[number];
/** The Minimum score filter's steps (the decay rules' default threshold is 20). */
export const MIN_SCORES = [20, 40, 60, 80] as const;

export const indicatorFiltersSchema = z.object({
  q: searchTextParam(),
  type: urlList(z.enum(INDICATOR_TYPES)),
  tlp: urlList(z.enum(TLP_LEVELS)),
  source: z.string().uuid().optional(),
  minConfidence: z.coerce.number().int().min(0).max(100).optional(),
  /** The lowest score (0-100, indicators.score) to list. */
  minScore: z.coerce.number().int().min(0).max(100).optional(),
  seen: z.enum(['24h', '7d', '30d', '90d']).optional(),
  /** A malware's STIX id (the knowledge base links here with it). */
  malware: z
    .string()
    .regex(/^[a-z0-9-]+--[0-9a-f-]{36}$/)
    .optional(),
  status: z.enum(['active', 'revoked', 'all']).default('active'),
  sort: z.enum(INDICATOR_SORTS).default('last_seen'),
  hide: urlList(z.string().max(40)),
  /** The indicator open in the drawer. */
  open: z.coerce.number().int().positive().optional(),
});

export type IndicatorFilters = z.infer<typeof indicatorFiltersSchema>;

/** The filters that change the result (not the sort, columns or drawer). */
export function resultFilters(filters: IndicatorFilters) {
  const { q, type, tlp, source, minConfidence, minScore, seen, malware, status } = filters;
  return { q, type, tlp, source, minConfidence, minScore, seen, malware, status };
}
export type IndicatorResultFilters = ReturnType<typeof resultFilters>;
