/** The caller's API keys (`list_api_keys`): name, prefix, dates; never a secret. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './keys';

type Row = Database['public']['Functions']['list_api_keys']['Returns'][number];
export type ApiKey = Omit<Row, 'last_used_at' | 'revoked_at'> & {
  last_used_at: string | null;
  revoked_at: string | null;
};

export async function listApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  let query = supabase().rpc('list_api_keys');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as ApiKey[];
}

export function useApiKeys() {
  return useQuery(
    queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => listApiKeys(signal) }),
  );
}
