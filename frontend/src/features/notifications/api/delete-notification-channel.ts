/** Deletes a channel with its deliveries (`delete_notification_channel`; administrators with MFA). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export async function deleteNotificationChannel(id: string): Promise<void> {
  const { error } = await supabase().rpc('delete_notification_channel', { _id: id });
  if (error) throw new Error(error.message);
}

export function useDeleteNotificationChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
