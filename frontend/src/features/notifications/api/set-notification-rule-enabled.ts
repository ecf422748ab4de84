/** Pauses or resumes a rule (`set_notification_rule_enabled`). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export async function setNotificationRuleEnabled(input: { id: string; enabled: boolean }): Promise<void> {
  const { error } = await supabase().rpc('set_notification_rule_enabled', {
    _id: input.id,
    _enabled: input.enabled,
  });
  if (error) throw new Error(error.message);
}

export function useSetNotificationRuleEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationRuleEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules() }),
  });
}
