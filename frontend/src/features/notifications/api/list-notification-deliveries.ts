/** The latest deliveries with their last attempt (RLS: administrators with MFA all, a user those of their rules). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

type Row = Database['public']['Tables']['notification_deliveries']['Row'];
export type NotificationDelivery = Omit<Row, 'event'> & {
  event: { title?: string; kind?: string; severity?: string | null };
  last_duration_ms: number | null;
};

/** `failed`: dead letters and deliveries waiting for a retry; `all`: every status. */
export type DeliveryFilter = 'all' | 'failed';

export async function listNotificationDeliveries(
  filter: DeliveryFilter,
  signal?: AbortSignal,
): Promise<NotificationDelivery[]> {
  let query = supabase()
    .from('notification_deliveries')
    .select('*, notification_attempts(duration_ms, attempted_at)')
    .order('created_at', { ascending: false })
    .order('attempted_at', { referencedTable: 'notification_attempts', ascending: false })
    .limit(1, { referencedTable: 'notification_attempts' })
    .limit(100);
  if (filter === 'failed') query = query.in('status', ['dead', 'retrying']);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data.map(({ notification_attempts: attempts, ...row }) => ({
    ...row,
    event: (row.event ?? {}) as NotificationDelivery['event'],
    last_duration_ms: attempts[0]?.duration_ms ?? null,
  }));
}

export function useNotificationDeliveries(filter: DeliveryFilter) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.deliveries(filter),
      queryFn: ({ signal }) => listNotificationDeliveries(filter, signal),
      refetchInterval: 15_000,
    }),
  );
}
