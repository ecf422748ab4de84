/**
 * The leak posts, newest first, in keyset pages (published_at, id) so the table can scroll through
 * years of ransomwatch history. Bodies (up to 64 KB each) stay on the server until a post is opened.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { supabase } from '@/lib/supabase';
import { PASTE_GROUP } from '@/features/dark-web/schemas/dark-web-view';
import { darkWebKeys, type PostFilters } from './keys';

export const POST_PAGE_SIZE = 100;
export const POST_COLUMNS = 'id, source, group_name, victim, published_at, country, sector, website, url';

interface Cursor {
  publishedAt: string;
  id: number;
}

/** The search text as a literal inside ILIKE: its own % _ and \ match only themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function getLeakPosts({ group, q }: PostFilters, after: Cursor | null, signal?: AbortSignal) {
  let query = supabase().from('leak_posts').select(POST_COLUMNS);
  if (group === PASTE_GROUP) query = query.is('group_name', null);
  else if (group) query = query.eq('group_name', group);
  if (q) query = query.ilike('victim', likePattern(checkedSearchText(q, SEARCH_LIMITS.leakPosts)));
  if (after)
    query = query.or(
      `published_at.lt.${after.publishedAt},and(published_at.eq.${after.publishedAt},id.lt.${after.id})`,
    );
  let request = query
    .order('published_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(POST_PAGE_SIZE);
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data;
}

export type LeakPost = Awaited<ReturnType<typeof getLeakPosts>>[number];

export function getLeakPostsQueryOptions(filters: PostFilters) {
  return infiniteQueryOptions({
    queryKey: darkWebKeys.postList(filters),
    queryFn: ({ pageParam, signal }) => getLeakPosts(filters, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (lastPage): Cursor | null => {
      if (lastPage.length < POST_PAGE_SIZE) return null;
      const last = lastPage.at(-1)!;
      return { publishedAt: last.published_at, id: last.id };
    },
  });
}

export function useLeakPosts(filters: PostFilters) {
  return useInfiniteQuery(getLeakPostsQueryOptions(filters));
}
