/** "Notify me": the current page's URL filters become a saved-view rule to the caller's own e-mail (`notify_me`). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from './keys';

export interface NotifyMeInput {
  /** The platform page, e.g. ioc-intelligence. */
  page: string;
  /** Its URL query without the leading "?". */
  query: string;
  name: string;
}

export async function notifyMe(input: NotifyMeInput): Promise<void> {
  const { error } = await supabase().rpc('notify_me', {
    _page: input.page,
    _query: input.query,
    _name: input.name,
  });
  if (error) throw new Error(error.message);
}

export function useNotifyMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
