/** The Live CVE Feed's view state, owned by the URL. */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';

export const KEV_SORTS = ['date_added', 'epss', 'cvss', 'due_date'] as const;
export type KevSort = (typeof KEV_SORTS)[number];

export const kevFiltersSchema = z.object({
  q: searchTextParam(),
  ransomware: z.enum(['1']).optional(),
  overdue: z.enum(['1']).optional(),
  added: z.enum(['7d', '30d', '90d', '365d']).optional(),
  sort: z.enum(KEV_SORTS).default('date_added'),
  /** The CVE open in the drawer. */
  cve: z
    .string()
    .regex(/^CVE-\d{4}-\d{4,}$/)
    .optional(),
});

export type KevFilters = z.infer<typeof kevFiltersSchema>;

export function kevResultFilters({ q, ransomware, overdue, added }: KevFilters) {
  return { q, ransomware, overdue, added };
}
export type KevResultFilters = ReturnType<typeof kevResultFilters>;
