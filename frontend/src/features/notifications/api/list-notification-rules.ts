/** Rules with the ids of the channels they deliver to (RLS: administrators with MFA all, a user their own). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export type NotificationRule = Database['public']['Tables']['notification_rules']['Row'] & {
  channel_ids: string[];
};

export async function listNotificationRules(signal?: AbortSignal): Promise<NotificationRule[]> {
  let query = supabase()
    .from('notification_rules')
    .select('*, notification_rule_channels(channel_id)')
    .order('created_at');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data.map(({ notification_rule_channels: links, ...rule }) => ({
    ...rule,
    channel_ids: links.map((link) => link.channel_id),
  }));
}

export function useNotificationRules() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.rules(),
      queryFn: ({ signal }) => listNotificationRules(signal),
    }),
  );
}
