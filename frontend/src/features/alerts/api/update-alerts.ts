/**
 * Triage writes: status, assignment, a dismissal reason and its false-positive verdict, for one alert or a selection, as one
 * statement (the database checks every transition and refuses the whole batch with the first bad
 * row's reason).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { AlertStatus } from '@/features/alerts/schemas/alert-filters';
import { alertKeys } from './keys';

export interface AlertChange {
  ids: string[];
  status?: AlertStatus;
  /** null unassigns. */
  assignedTo?: string | null;
  dismissalReason?: string;
  /** With a dismissal: the alert was a false positive (its sighting then halves the indicator's score). */
  falsePositive?: boolean;
}

export async function updateAlerts({
  ids,
  status,
  assignedTo,
  dismissalReason,
  falsePositive,
}: AlertChange): Promise<number> {
  const patch: {
    status?: AlertStatus;
    assigned_to?: string | null;
    dismissal_reason?: string;
    false_positive?: boolean;
  } = {};
  if (status) patch.status = status;
  if (assignedTo !== undefined) patch.assigned_to = assignedTo;
  if (dismissalReason !== undefined) patch.dismissal_reason = dismissalReason;
  if (falsePositive !== undefined) patch.false_positive = falsePositive;
  const { data, error } = await supabase()
    .from('enhanced_security_alerts')
    .update(patch)
    .in('id', ids)
    .select('id');
  if (error) throw new Error(error.message);
  return data.length;
}

export function useUpdateAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlerts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
