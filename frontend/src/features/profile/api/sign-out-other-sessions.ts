/** Ends every other session of the caller on the auth service (POST /logout?scope=others). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

export async function signOutOtherSessions(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' });
  if (error) throw new Error(error.message);
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions() }),
  });
}
