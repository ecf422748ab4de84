/**
 * A new password, with the current one checked by the auth service (`[auth.email]
 * require_current_password`, GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD): a stolen access token
 * alone cannot take the account over. The service also ends the user's other sessions.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

export interface PasswordChange {
  current: string;
  next: string;
}

const MESSAGES: Record<string, string> = {
  current_password_mismatch: 'The current password is not correct.',
  same_password: 'The new password must differ from the current one.',
  over_request_rate_limit: 'Too many attempts. Wait a moment and try again.',
};

export async function changePassword({ current, next }: PasswordChange): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password: next, current_password: current });
  if (error) throw new Error((error.code && MESSAGES[error.code]) || error.message);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Never retried: a wrong password must not be sent twice.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
