/** Query keys of the indicators feature, general to specific. */
import type { IndicatorResultFilters, IndicatorSort } from '@/features/indicators/schemas/indicator-filters';

export const indicatorKeys = {
  all: ['indicators'] as const,
  lists: () => [...indicatorKeys.all, 'list'] as const,
  list: (filters: IndicatorResultFilters, sort: IndicatorSort) =>
    [...indicatorKeys.lists(), filters, sort] as const,
  count: (filters: IndicatorResultFilters) => [...indicatorKeys.all, 'count', filters] as const,
  reports: (id: number) => [...indicatorKeys.all, 'reports', id] as const,
  relations: (id: number) => [...indicatorKeys.all, 'relations', id] as const,
  activity: (id: number) => [...indicatorKeys.all, 'activity', id] as const,
  sightings: (id: number) => [...indicatorKeys.all, 'sightings', id] as const,
  alerts: (id: number) => [...indicatorKeys.all, 'alerts', id] as const,
  detail: (id: number) => [...indicatorKeys.all, 'detail', id] as const,
  sources: () => [...indicatorKeys.all, 'sources'] as const,
  listHits: (ids: readonly number[]) => [...indicatorKeys.all, 'list-hits', ids] as const,
  scoreHistory: (id: number) => [...indicatorKeys.all, 'score-history', id] as const,
  decayThreshold: (type: string) => [...indicatorKeys.all, 'decay-threshold', type] as const,
};
