/**
 * Creates a feed (`create_served_feed`, answering its token once) or replaces an existing feed's
 * selection (`update_served_feed`). The token goes to the caller's state only, never into the
 * query cache (the list is refetched without it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { FeedSelection } from '@/features/served-feeds/utils/feed-selection';
import { servedFeedKeys } from './keys';

export interface FeedToken {
  id: string;
  name: string;
  token: string;
}

export interface SaveFeedInput extends FeedSelection {
  /** The feed to change; undefined for a new one. */
  id?: string;
  name: string;
  format: string;
}

const orNull = (list: string[]) => (list.length ? list : null);

export async function saveServedFeed(input: SaveFeedInput): Promise<FeedToken | null> {
  const selection = {
    _min_score: input.minScore,
    _max_tlp: input.maxTlp,
    _types: orNull(input.types),
    _sources: orNull(input.sources),
  };
  if (input.id) {
    const { error } = await supabase().rpc('update_served_feed', { _id: input.id, ...selection } as never);
    if (error) throw new Error(error.message);
    return null;
  }
  const { data, error } = await supabase().rpc('create_served_feed', {
    _name: input.name,
    _format: input.format,
    ...selection,
  } as never);
  if (error) throw new Error(error.message);
  const row = (data as FeedToken[] | null)?.[0];
  if (!row) throw new Error('The feed was not created.');
  return { id: row.id, name: row.name, token: row.token };
}

export function useSaveServedFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServedFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servedFeedKeys.list() }),
  });
}
