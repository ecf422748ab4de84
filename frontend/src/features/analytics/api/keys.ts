/** Query keys of the analytics feature, general to specific: one chart, one period. */
import type { ChartKey, Period } from '@/features/analytics/schemas/analytics-filters';

export const analyticsKeys = {
  all: ['analytics'] as const,
  chart: (chart: ChartKey, period: Period) => [...analyticsKeys.all, chart, period] as const,
};
