/**
 * The addresses outbound requests may reach although a rule refuses them (link-local, cloud
 * metadata, or private when restricted): `outbound_allowed_addresses`, readable by administrators
 * with a verified second factor only.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { outboundKeys } from './keys';

export type AllowedAddress = Omit<
  Database['public']['Tables']['outbound_allowed_addresses']['Row'],
  'address'
> & { address: string };

export async function listAllowedAddresses(signal?: AbortSignal): Promise<AllowedAddress[]> {
  let query = supabase()
    .from('outbound_allowed_addresses')
    .select('id, address, reason, created_by, created_at')
    .order('address');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as AllowedAddress[];
}

export function useAllowedAddresses() {
  return useQuery(
    queryOptions({ queryKey: outboundKeys.list(), queryFn: ({ signal }) => listAllowedAddresses(signal) }),
  );
}
