/** Changes the caller's own display name (RLS lets a user update only their own profile row). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

export const DISPLAY_NAME_MAX = 120;

export async function updateDisplayName(userId: string, name: string): Promise<void> {
  const { data, error } = await supabase()
    .from('profiles')
    .update({ display_name: name })
    .eq('id', userId)
    .select('id');
  if (error) throw new Error(error.message);
  if (data.length === 0) throw new Error('Your profile could not be changed.');
}

export function useUpdateDisplayName(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => updateDisplayName(userId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.account() }),
  });
}
