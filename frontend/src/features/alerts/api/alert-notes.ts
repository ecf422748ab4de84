/** An alert's notes: append-only, each with its author and time (the database makes both unforgeable). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { alertKeys } from './keys';

export async function getAlertNotes(alertId: string) {
  const { data, error } = await supabase()
    .from('alert_notes')
    .select('id, body, author_id, created_at')
    .eq('alert_id', alertId)
    .order('created_at', { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}

export function getAlertNotesQueryOptions(alertId: string) {
  return queryOptions({ queryKey: alertKeys.notes(alertId), queryFn: () => getAlertNotes(alertId) });
}

export function useAlertNotes(alertId: string | undefined) {
  return useQuery({ ...getAlertNotesQueryOptions(alertId ?? ''), enabled: alertId !== undefined });
}

export async function addAlertNote({ alertId, body }: { alertId: string; body: string }) {
  const { error } = await supabase().from('alert_notes').insert({ alert_id: alertId, body });
  if (error) throw new Error(error.message);
}

export function useAddAlertNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlertNote,
    onSuccess: (_data, { alertId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertKeys.notes(alertId) }),
        queryClient.invalidateQueries({ queryKey: alertKeys.history(alertId) }),
      ]),
  });
}
