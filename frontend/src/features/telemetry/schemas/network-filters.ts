/** The Network Monitoring view owned by the URL: the chart's window and grouping, and one sensor. */
import { z } from 'zod';

export const VOLUME_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type VolumeWindow = (typeof VOLUME_WINDOWS)[number];
export const VOLUME_GROUPS = ['type', 'sensor'] as const;
export type VolumeGroup = (typeof VOLUME_GROUPS)[number];

export const WINDOW_LABELS: Record<VolumeWindow, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  all: 'All time',
};

export const networkFiltersSchema = z.object({
  window: z.enum(VOLUME_WINDOWS).default('7d'),
  by: z.enum(VOLUME_GROUPS).default('type'),
  /** Narrows the chart, the top indicators and the sightings to one sensor. */
  sensor: z.string().min(1).max(200).optional(),
});

export type NetworkFilters = z.infer<typeof networkFiltersSchema>;
