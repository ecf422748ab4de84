import type { ClientBase } from 'pg';
import { MAPPED_FORMAT_NAMES, type FormatAdapter } from '../formats/format.js';
import { FeedMapError, parseFeedMap } from '../formats/mapped/feed-map.js';
import { mappedFormat } from '../formats/mapped/mapped-format.js';

export const isMappedFormat = (format: string | null): boolean =>
  (MAPPED_FORMAT_NAMES as readonly string[]).includes(format ?? '');

/**
 * The importer of a csv-map or json-map source: its stored map (sources.feed_map, set in the app's
 * map builder or with set_source_feed_map), checked again with the importer's own schema. A source
 * without a usable map answers why, as a sync failure the Sources page shows.
 */
export async function mappedSourceAdapter(
  db: ClientBase,
  source: { id: string } | { name: string },
): Promise<{ adapter: FormatAdapter } | { error: string }> {
  const { rows } = await db.query<{ feed_map: unknown }>(
    `select feed_map from public.sources where ${'id' in source ? 'id' : 'name'} = $1`,
    ['id' in source ? source.id : source.name],
  );
  const stored = rows[0]?.feed_map;
  if (stored === undefined || stored === null)
    return {
      error:
        "the source has no feed map yet: build one in the source's Feed map tab (Third-Party Intelligence)",
    };
  try {
    return { adapter: mappedFormat(parseFeedMap(stored)) };
  } catch (error) {
    if (error instanceof FeedMapError) return { error: error.message };
    throw error;
  }
}
