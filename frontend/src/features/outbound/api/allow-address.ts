/** Allows one address or range (the database checks it, and audits the change). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { outboundKeys } from './keys';

/** The database's refusals, in the words of this form. */
const REFUSALS: Record<string, string> = {
  '22P02': 'Write an IP address or a CIDR range, like 169.254.10.5 or 10.20.0.0/16.',
  '23505': 'This address or range is already allowed.',
  '23514': 'Say why it is allowed, in 3 to 500 characters.',
  '42501': 'Only an administrator with a verified second factor can allow addresses.',
};

export async function allowAddress(input: { address: string; reason: string }): Promise<void> {
  const { error } = await supabase()
    .from('outbound_allowed_addresses')
    .insert({ address: input.address.trim(), reason: input.reason.trim() });
  if (error) throw new Error(REFUSALS[error.code] ?? error.message);
}

export function useAllowAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allowAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboundKeys.list() }),
  });
}
