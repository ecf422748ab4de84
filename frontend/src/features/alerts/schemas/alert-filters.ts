/** The triage queue's view state, owned by the URL (the dashboard's figures link straight into it). */
import { z } from 'zod';
import { urlList } from '@/lib/url-state';

export const ALERT_STATUSES = ['new', 'acknowledged', 'investigating', 'resolved', 'dismissed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const OPEN_STATUSES: readonly AlertStatus[] = ['new', 'acknowledged', 'investigating'];
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_WINDOWS = { '24h': 1, '7d': 7, '30d': 30 } as const;

export const alertFiltersSchema = z.object({
  /** 'open' = new, acknowledged or investigating. */
  status: z.enum([...ALERT_STATUSES, 'open', 'all']).default('open'),
  severity: urlList(z.enum(ALERT_SEVERITIES)),
  category: z.string().max(100).optional(),
  /** 'me', 'unassigned' or a user id; anything else is ignored before it reaches a uuid column. */
  assignee: z.union([z.enum(['me', 'unassigned']), z.string().uuid()]).optional(),
  window: z.enum(['24h', '7d', '30d']).optional(),
  /** The alert open in the drawer. */
  alert: z.string().uuid().optional(),
});

export type AlertFilters = z.infer<typeof alertFiltersSchema>;

export function alertResultFilters({ status, severity, category, assignee, window }: AlertFilters) {
  return { status, severity, category, assignee, window };
}
export type AlertResultFilters = ReturnType<typeof alertResultFilters>;
