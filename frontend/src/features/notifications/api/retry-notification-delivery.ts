/** Queues a dead, retrying or skipped delivery again (`retry_notification_delivery`; audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export async function retryNotificationDelivery(id: number): Promise<void> {
  const { error } = await supabase().rpc('retry_notification_delivery', { _id: id });
  if (error) throw new Error(error.message);
}

export function useRetryNotificationDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryNotificationDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'deliveries'] }),
  });
}
