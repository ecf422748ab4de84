/** Revokes one of the caller's keys (`revoke_api_key`); TAXII clients using it are refused at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './keys';

export async function revokeApiKey(id: string): Promise<void> {
  const { data, error } = await supabase().rpc('revoke_api_key', { _id: id });
  if (error) throw new Error(error.message);
  if (data !== true) throw new Error('The key was already revoked or is not yours.');
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
