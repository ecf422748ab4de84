/** Revoke (or restore) indicators: the server records who, when and why, and checks the TLP. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { indicatorKeys } from './keys';

export interface Revocation {
  ids: number[];
  reason: string;
  revoke: boolean;
}

export async function revokeIndicators({ ids, reason, revoke }: Revocation): Promise<number> {
  const { data, error } = await supabase().rpc('revoke_indicators', {
    _ids: ids,
    _reason: reason,
    _revoke: revoke,
  });
  if (error) throw new Error(error.message);
  return data;
}

export function useRevokeIndicators() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeIndicators,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: indicatorKeys.all }),
  });
}
