/** Deletes a rule (`delete_notification_rule`: administrators with MFA any, a user their own). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export async function deleteNotificationRule(id: string): Promise<void> {
  const { error } = await supabase().rpc('delete_notification_rule', { _id: id });
  if (error) throw new Error(error.message);
}

export function useDeleteNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
