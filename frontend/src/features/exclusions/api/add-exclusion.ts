/**
 * Adds a value, network or domain to a list with a reason (analysts and admins). The server stores it
 * in the form it is looked up by and says so in `note` when that differs from what was typed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { exclusionError, retryUnlessRefused } from '@/features/exclusions/utils/exclusion-error';
import type { ExclusionDraft } from '@/features/exclusions/utils/exclusion-kind';
import { exclusionKeys } from './keys';

export interface NewExclusion extends ExclusionDraft {
  listId: number;
  reason: string;
  /** The alert dismissed as a false positive that led to it. */
  alertId?: string;
}

export async function addExclusion({ listId, kind, value, reason, indicatorType, alertId }: NewExclusion) {
  const { data, error } = await supabase().rpc('add_exclusion', {
    _list_id: listId,
    _kind: kind,
    _value: value.trim(),
    _reason: reason.trim(),
    _indicator_type: kind === 'value' ? indicatorType : undefined,
    _alert_id: alertId,
  });
  if (error) throw exclusionError(error);
  const added = data[0];
  if (!added) throw new Error('The server did not confirm the entry.');
  return added;
}

export type AddedExclusion = Awaited<ReturnType<typeof addExclusion>>;

export function useAddExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addExclusion,
    retry: retryUnlessRefused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exclusionKeys.all }),
  });
}
