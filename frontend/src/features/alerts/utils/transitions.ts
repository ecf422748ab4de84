/**
 * The triage workflow (the database enforces the same rules): new → acknowledged → investigating →
 * resolved or dismissed; any open alert may be resolved or dismissed at once; a closed one reopens
 * as investigating.
 */
import type { AlertStatus } from '@/features/alerts/schemas/alert-filters';

export const NEXT_STATUSES: Record<AlertStatus, readonly AlertStatus[]> = {
  new: ['acknowledged', 'investigating', 'resolved', 'dismissed'],
  acknowledged: ['investigating', 'resolved', 'dismissed'],
  investigating: ['resolved', 'dismissed'],
  resolved: ['investigating'],
  dismissed: ['investigating'],
};

export const ACTION_LABELS: Record<AlertStatus, string> = {
  new: 'New',
  acknowledged: 'Acknowledge',
  investigating: 'Investigate',
  resolved: 'Resolve',
  dismissed: 'Dismiss…',
};

export const STATUS_LABELS: Record<AlertStatus, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  investigating: 'Investigating',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export function canMove(from: AlertStatus, to: AlertStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** A closed alert's "Investigate" is a reopening. */
export function actionLabel(from: AlertStatus, to: AlertStatus): string {
  return to === 'investigating' && (from === 'resolved' || from === 'dismissed')
    ? 'Reopen'
    : ACTION_LABELS[to];
}

/** Keyboard shortcuts of the queue, acting on the selection or the open alert. */
export const TRIAGE_KEYS: Record<string, AlertStatus> = {
  a: 'acknowledged',
  i: 'investigating',
  r: 'resolved',
  d: 'dismissed',
};
