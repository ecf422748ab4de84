/**
 * Enhanced CTI's view state, owned by the URL: the list's filters and sort, the objects selected for
 * the matrix, how it is coloured, and the open object or technique. Any view can be sent as a link.
 */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';
import { urlList } from '@/lib/url-state';

export const CTI_KINDS = ['intrusion-set', 'threat-actor', 'malware', 'tool', 'campaign'] as const;
export type CtiKind = (typeof CTI_KINDS)[number];

/** `links` (most referenced first) opens the list on what matters, not on A→Z junk names. */
export const CTI_SORTS = ['links', 'name', 'modified'] as const;
export type CtiSort = (typeof CTI_SORTS)[number];

/** More than this many objects on one matrix stops being a comparison. */
export const MAX_SELECTED = 8;

const stixId = z.string().regex(/^[a-z0-9-]+--[0-9a-f-]{36}$/);

export const ctiFiltersSchema = z.object({
  view: z.enum(['objects', 'matrix']).default('objects'),
  q: searchTextParam(),
  kind: z.enum(CTI_KINDS).optional(),
  source: z.string().uuid().optional(),
  revoked: z.enum(['hide', 'show']).default('hide'),
  sort: z.enum(CTI_SORTS).default('links'),
  /** Objects compared on the matrix. */
  sel: urlList(stixId).transform((ids) => [...new Set(ids)].slice(0, MAX_SELECTED)),
  colour: z.enum(['usage', 'sightings']).default('usage'),
  platform: z.string().max(60).optional(),
  used: z.enum(['all', 'only']).default('all'),
  /** The object or technique open in the drawer. */
  open: stixId.optional(),
});

export type CtiFilters = z.infer<typeof ctiFiltersSchema>;

/** The filters that change the list's rows (not the sort, matrix or drawer). */
export function listFilters({ q, kind, source, revoked }: CtiFilters) {
  return { q, kind, source, revoked };
}
export type CtiListFilters = ReturnType<typeof listFilters>;
