/**
 * A case's SLA state from its targets (set by the database from the severity): an open case still
 * new after respond_by, or unresolved after due_at, is breached; within a fifth of the time left
 * before due_at it is at risk. A case on hold has its clock stopped (the database moves its due date
 * by the pause when it resumes): paused, unless it was already past due when it went on hold.
 * Resolved and closed cases are met or missed by when they resolved.
 */
import { OPEN_CASE_STATUSES, type CaseStatus } from '@/features/cases/schemas/case-filters';

export type SlaState = 'breached' | 'at_risk' | 'on_track' | 'paused' | 'met' | 'missed';

export interface SlaFields {
  status: CaseStatus;
  created_at: string;
  respond_by: string | null;
  due_at: string | null;
  resolved_at: string | null;
  /** Since when the case is on hold (null when it is not). */
  held_since: string | null;
}

export const SLA_LABELS: Record<SlaState, string> = {
  breached: 'Past SLA',
  at_risk: 'Due soon',
  on_track: 'On track',
  paused: 'SLA paused (on hold)',
  met: 'SLA met',
  missed: 'SLA missed',
};

export function slaState(row: SlaFields, now: number = Date.now()): SlaState {
  const due = row.due_at ? Date.parse(row.due_at) : Number.POSITIVE_INFINITY;
  if (!OPEN_CASE_STATUSES.includes(row.status)) {
    const resolved = row.resolved_at ? Date.parse(row.resolved_at) : now;
    return resolved <= due ? 'met' : 'missed';
  }
  if (row.status === 'on_hold' && row.held_since) {
    return due < Date.parse(row.held_since) ? 'breached' : 'paused';
  }
  const respondBy = row.respond_by ? Date.parse(row.respond_by) : Number.POSITIVE_INFINITY;
  if (now > due || (row.status === 'new' && now > respondBy)) return 'breached';
  const total = due - Date.parse(row.created_at);
  if (Number.isFinite(total) && due - now < total / 5) return 'at_risk';
  return 'on_track';
}
