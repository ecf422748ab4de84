/**
 * The IOC page's first questions, asked before the page is open: its first keyset page of rows and
 * the count, for the filters of a link without parameters (the sidebar's). The keys are the ones the
 * page computes from that URL, so the page finds the answers in the cache and renders its rows at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { indicatorFiltersSchema, resultFilters } from '@/features/indicators/schemas/indicator-filters';
import { readUrlState } from '@/lib/url-state';
import { countIndicatorsQueryOptions } from './count-indicators';
import { searchIndicatorsQueryOptions } from './search-indicators';

export function prefetchIndicatorList(queryClient: QueryClient, params = new URLSearchParams()): void {
  const filters = readUrlState(indicatorFiltersSchema, params);
  const result = resultFilters(filters);
  // Fresh answers (within staleTime) are not asked again; a failure is left for the page to show.
  void queryClient.prefetchInfiniteQuery(searchIndicatorsQueryOptions(result, filters.sort));
  void queryClient.prefetchQuery(countIndicatorsQueryOptions(result));
}
