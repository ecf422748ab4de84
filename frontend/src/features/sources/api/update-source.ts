/**
 * An administrator switches a source on or off and judges it. The server checks the admin role and a
 * second factor verified in this session, and records the change as a security event.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

type Enums = Database['public']['Enums'];

export interface SourceSettings {
  id: string;
  enabled: boolean;
  reliability: Enums['source_reliability'];
  defaultTlp: Enums['tlp_level'];
}

export async function updateSource({ id, enabled, reliability, defaultTlp }: SourceSettings) {
  const { data, error } = await supabase().rpc('update_source', {
    _id: id,
    _enabled: enabled,
    _reliability: reliability,
    _default_tlp: defaultTlp,
  });
  if (error) throw new Error(error.message);
  return data[0];
}

export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSource,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourceKeys.overview() }),
  });
}
