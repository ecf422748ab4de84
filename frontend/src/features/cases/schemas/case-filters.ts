/** The Cases page's view state, owned by the URL: list filters, and the case open on its own page. */
import { z } from 'zod';

export const CASE_KINDS = ['incident', 'rfi', 'takedown'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_STATUSES = ['new', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const OPEN_CASE_STATUSES: readonly CaseStatus[] = ['new', 'in_progress', 'on_hold'];
export const CASE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type CaseSeverity = (typeof CASE_SEVERITIES)[number];

export const KIND_LABELS: Record<CaseKind, string> = {
  incident: 'Incident',
  rfi: 'Request for information',
  takedown: 'Takedown',
};
export const STATUS_LABELS: Record<CaseStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  on_hold: 'On hold',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const caseFiltersSchema = z.object({
  /** 'open' = new, in progress or on hold. */
  status: z.enum([...CASE_STATUSES, 'open', 'all']).default('open'),
  kind: z.enum(CASE_KINDS).optional(),
  /** 'me', 'unassigned' or a user id. */
  assignee: z.union([z.enum(['me', 'unassigned']), z.string().uuid()]).optional(),
  /** The case shown on its own page. */
  case: z.string().uuid().optional(),
});

export type CaseFilters = z.infer<typeof caseFiltersSchema>;
export type CaseListFilters = Omit<CaseFilters, 'case'>;
