/** The Threat Analytics view owned by the URL: one period per chart, so every chart can be shared as set. */
import { z } from 'zod';

export const PERIODS = ['7d', '30d', '90d', '1y', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last 12 months',
  all: 'All time',
};

const period = (fallback: Period) => z.enum(PERIODS).default(fallback);

/**
 * Each chart's period under its own key. Alerts start on the last month (triage is day to day),
 * indicators on the last year (feeds report with a lag), and the catalogues that grow slowly (KEV,
 * EPSS, ATT&CK) on all of it.
 */
export const analyticsFiltersSchema = z.object({
  types: period('1y'),
  sources: period('1y'),
  alerts: period('30d'),
  response: period('30d'),
  kev: period('all'),
  vendors: period('all'),
  epss: period('all'),
  techniques: period('all'),
});

export type AnalyticsFilters = z.infer<typeof analyticsFiltersSchema>;
export type ChartKey = keyof AnalyticsFilters;
