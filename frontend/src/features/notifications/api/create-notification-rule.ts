/** Adds a rule delivering to the chosen channels (`create_notification_rule`; administrators with MFA). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

type Enums = Database['public']['Enums'];

export interface CreateRuleInput {
  name: string;
  eventKind: Exclude<Enums['notification_event_kind'], 'saved_view'>;
  minSeverity: Enums['alert_severity'];
  /** none: each event at once; daily or weekly: one digest per period. */
  digest: Enums['notification_digest'];
  channelIds: string[];
}

export async function createNotificationRule(input: CreateRuleInput): Promise<void> {
  const { error } = await supabase().rpc('create_notification_rule', {
    _name: input.name,
    _event_kind: input.eventKind,
    _channel_ids: input.channelIds,
    _min_severity: input.minSeverity,
    _digest: input.digest,
  });
  if (error) throw new Error(error.message);
}

export function useCreateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}
