/** Removes an allowed address: requests to it are refused again from the next sync or delivery. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { outboundKeys } from './keys';

export async function removeAllowedAddress(id: string): Promise<void> {
  const { data, error } = await supabase()
    .from('outbound_allowed_addresses')
    .delete()
    .eq('id', id)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data || data.length === 0)
    throw new Error('The address was already removed, or you may not remove it.');
}

export function useRemoveAllowedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAllowedAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.list() }),
  });
}
