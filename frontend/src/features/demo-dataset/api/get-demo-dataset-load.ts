/**
 * How far the bundled demo dataset's background load is (`demo_dataset_load`, one row, absent
 * when the demo was never loaded this way). Asked again every few seconds while it loads; when it
 * ends, every query is refreshed so the pages show the data that just arrived.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';

export type DemoDatasetLoad = Database['public']['Tables']['demo_dataset_load']['Row'];

const POLL_MS = 3_000;

export const demoDatasetKeys = { load: () => ['demo-dataset', 'load'] as const };

export async function getDemoDatasetLoad(): Promise<DemoDatasetLoad | null> {
  const { data, error } = await supabase().from('demo_dataset_load').select('*').maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export function getDemoDatasetLoadQueryOptions() {
  return queryOptions({
    queryKey: demoDatasetKeys.load(),
    queryFn: getDemoDatasetLoad,
    refetchInterval: (query) => (query.state.data?.status === 'loading' ? POLL_MS : false),
  });
}

export function useDemoDatasetLoad() {
  const query = useQuery(getDemoDatasetLoadQueryOptions());
  const queryClient = useQueryClient();
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'loading' && status !== 'loading') void queryClient.invalidateQueries();
    previous.current = status;
  }, [status, queryClient]);
  return query;
}
