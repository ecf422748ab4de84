/** Dark Web Monitoring's view state, owned by the URL: the chart's window, the posts' filters, the open post. */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';

/** Days each window of the volume chart covers; null: the whole history. */
export const VOLUME_WINDOWS = { '30d': 30, '90d': 90, '1y': 365, all: null } as const;
export type VolumeWindow = keyof typeof VOLUME_WINDOWS;

export const darkWebViewSchema = z.object({
  window: z.enum(['30d', '90d', '1y', 'all']).default('90d'),
  group: z.string().min(1).max(100).optional(),
  q: searchTextParam(),
  /** The post open in the drawer. */
  post: z.coerce.number().int().positive().optional(),
});

export type DarkWebView = z.infer<typeof darkWebViewSchema>;

/** leak_post_volume names posts without a group (pastes) so. */
export const PASTE_GROUP = 'paste';
/** …and the groups beyond the busiest so. */
export const OTHER_GROUPS = 'other';
