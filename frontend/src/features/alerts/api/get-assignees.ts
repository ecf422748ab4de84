/** The people an alert can be assigned to. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@db/types';
import { supabase } from '@/lib/supabase';
import { alertKeys } from './keys';

export type Assignee = Database['public']['Functions']['assignable_users']['Returns'][number];

export async function getAssignees(): Promise<Assignee[]> {
  const { data, error } = await supabase().rpc('assignable_users');
  if (error) throw new Error(error.message);
  return data;
}

export function getAssigneesQueryOptions() {
  return queryOptions({ queryKey: alertKeys.assignees(), queryFn: getAssignees, staleTime: 5 * 60_000 });
}

export function useAssignees() {
  return useQuery(getAssigneesQueryOptions());
}
