/**
 * Every indicator the filters match, for an export: the list's own keyset pages at the server's
 * largest page size, read one after another with progress, up to a ceiling a browser tab holds
 * comfortably (a CSV of 100,000 indicators is about 20 MB).
 */
import { readKeysetPages } from '@/lib/read-all-pages';
import type { IndicatorResultFilters, IndicatorSort } from '@/features/indicators/schemas/indicator-filters';
import { indicatorCursor, searchIndicators, type IndicatorRow } from './search-indicators';

/** search_indicators answers at most 500 rows a call. */
export const EXPORT_PAGE_ROWS = 500;
export const MAX_EXPORT_INDICATORS = 100_000;

export interface ReadFilteredOptions {
  onProgress?: (rowsRead: number) => void;
  signal?: AbortSignal;
  maxRows?: number;
}

export function readFilteredIndicators(
  filters: IndicatorResultFilters,
  sort: IndicatorSort,
  { onProgress, signal, maxRows = MAX_EXPORT_INDICATORS }: ReadFilteredOptions = {},
): Promise<{ rows: IndicatorRow[]; complete: boolean }> {
  return readKeysetPages(
    (after) => searchIndicators(filters, sort, after, signal, EXPORT_PAGE_ROWS),
    indicatorCursor,
    { pageRows: EXPORT_PAGE_ROWS, maxRows, onProgress, signal },
  );
}
