/**
 * The moves the database allows (private.case_next_statuses in
 * supabase/migrations/20261201230000_create_cases.sql): offered as buttons; the database decides.
 */
import type { CaseStatus } from '@/features/cases/schemas/case-filters';

export const NEXT_STATUSES: Record<CaseStatus, readonly CaseStatus[]> = {
  new: ['in_progress', 'closed'],
  in_progress: ['on_hold', 'resolved'],
  on_hold: ['in_progress', 'resolved'],
  resolved: ['closed', 'in_progress'],
  closed: ['in_progress'],
};

/** The button's words for moving from one status to another. */
export function moveLabel(from: CaseStatus, to: CaseStatus): string {
  if (to === 'in_progress') return from === 'new' ? 'Start' : from === 'on_hold' ? 'Resume' : 'Reopen';
  if (to === 'on_hold') return 'Put on hold';
  if (to === 'resolved') return 'Resolve';
  if (to === 'closed') return 'Close';
  return to;
}

/** Reopening a closed case asks for a reason (the database requires one). */
export const needsReason = (from: CaseStatus, to: CaseStatus) => from === 'closed' && to !== 'closed';
