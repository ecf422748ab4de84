/** Channels (RLS: administrators with MFA read all, a user their own). Secrets are never readable. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export type NotificationChannel = Database['public']['Tables']['notification_channels']['Row'];

export async function listNotificationChannels(signal?: AbortSignal): Promise<NotificationChannel[]> {
  let query = supabase().from('notification_channels').select('*').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

export function useNotificationChannels() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.channels(),
      queryFn: ({ signal }) => listNotificationChannels(signal),
    }),
  );
}
