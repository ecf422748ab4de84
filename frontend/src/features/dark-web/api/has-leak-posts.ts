/** Whether any leak post was imported at all: the page explains how to import them when none was. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { darkWebKeys } from './keys';

export async function hasLeakPosts(): Promise<boolean> {
  const { data, error } = await supabase().from('leak_posts').select('id').limit(1);
  if (error) throw new Error(error.message);
  return data.length > 0;
}

export function hasLeakPostsQueryOptions() {
  return queryOptions({ queryKey: [...darkWebKeys.posts(), 'any'] as const, queryFn: hasLeakPosts });
}

export function useHasLeakPosts() {
  return useQuery(hasLeakPostsQueryOptions());
}
