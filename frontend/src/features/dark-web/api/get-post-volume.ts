/**
 * Leak posts per day for the busiest groups, the rest as "other" (`leak_post_volume`), over a window:
 * a whole history is thousands of day-group rows, read in ranges.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { VOLUME_WINDOWS, type VolumeWindow } from '@/features/dark-web/schemas/dark-web-view';
import { darkWebKeys } from './keys';

export type PostVolumeRow = Database['public']['Functions']['leak_post_volume']['Returns'][number];

/** Groups drawn in their own colour; a chart with more reads as noise. */
export const CHART_GROUPS = 8;
/** The API answers at most max_rows (1,000) a request; a year is 365 days × 9 series. */
const PAGE_ROWS = 1000;
/** A ceiling no real history reaches (100,000 day-group rows), so a runaway answer cannot hang the page. */
const MAX_PAGES = 100;
const DAY_MS = 86_400_000;

export async function getPostVolume(window: VolumeWindow, signal?: AbortSignal): Promise<PostVolumeRow[]> {
  const days = VOLUME_WINDOWS[window];
  const args = {
    _since: days === null ? undefined : new Date(Date.now() - days * DAY_MS).toISOString(),
    _groups: CHART_GROUPS,
  };
  const rows: PostVolumeRow[] = [];
  // Offsets from what has arrived and a stop at an empty page: a server capping lower loses nothing.
  for (let page = 0; page < MAX_PAGES; page++) {
    let request = supabase()
      .rpc('leak_post_volume', args)
      .range(rows.length, rows.length + PAGE_ROWS - 1);
    if (signal) request = request.abortSignal(signal);
    const { data, error } = await request;
    if (error) throw new Error(error.message);
    if (data.length === 0) break;
    rows.push(...data);
  }
  return rows;
}

export function getPostVolumeQueryOptions(window: VolumeWindow) {
  return queryOptions({
    queryKey: darkWebKeys.volume(window),
    queryFn: ({ signal }) => getPostVolume(window, signal),
  });
}

export function usePostVolume(window: VolumeWindow) {
  return useQuery(getPostVolumeQueryOptions(window));
}
