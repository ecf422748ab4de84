/**
 * Creates a key (`create_api_key`). The answer holds the secret, shown once: it goes to the caller's
 * component state only, never into the query cache (the list is refetched without it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './keys';

export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  secret: string;
}

export async function createApiKey(name: string): Promise<CreatedApiKey> {
  const { data, error } = await supabase().rpc('create_api_key', { _name: name });
  if (error) throw new Error(error.message);
  const row = data[0];
  if (!row) throw new Error('The key was not created.');
  return { id: row.id, name: row.name, prefix: row.prefix, secret: row.secret };
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
