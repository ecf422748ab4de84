/** Queues a test message on a channel; the worker sends it at once (`send_notification_test`). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export async function sendNotificationTest(channelId: string): Promise<number> {
  const { data, error } = await supabase().rpc('send_notification_test', { _channel_id: channelId });
  if (error) throw new Error(error.message);
  return data;
}

export function useSendNotificationTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotificationTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'deliveries'] }),
  });
}
