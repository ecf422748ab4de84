/**
 * Unified Intelligence's view owned by the URL: the search and the entity open in its drawer. The entity's
 * id is checked against its kind before any drawer asks for it, so a hand-edited link opens nothing
 * instead of sending junk to a numeric or keyed lookup.
 */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';

export const searchViewSchema = z.object({
  q: searchTextParam(),
  kind: z
    .string()
    .regex(/^[a-z-]{1,40}$/)
    .optional(),
  id: z.string().max(300).optional(),
});

export type SearchView = z.infer<typeof searchViewSchema>;

const INDICATOR_ID = /^[1-9]\d{0,17}$/;
const CVE_ID = /^CVE-\d{4}-\d{4,}$/;
const STIX_ID = /^[a-z0-9-]+--[0-9a-f-]{36}$/;

/** What the drawers open: at most one of them, and only an id of the right shape for its kind. */
export function openEntity({ kind, id }: Pick<SearchView, 'kind' | 'id'>) {
  if (!kind || !id) return {};
  if (kind === 'indicator') return INDICATOR_ID.test(id) ? { indicatorId: Number(id) } : {};
  if (kind === 'cve') return CVE_ID.test(id) ? { cveId: id } : {};
  return STIX_ID.test(id) ? { stixId: id } : {};
}
