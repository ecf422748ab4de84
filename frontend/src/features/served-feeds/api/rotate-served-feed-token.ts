/** A new token for a feed (`rotate_served_feed_token`): the old one stops at once; the new one is shown once. */
import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { FeedToken } from './save-served-feed';

export async function rotateServedFeedToken(feed: { id: string; name: string }): Promise<FeedToken> {
  const { data, error } = await supabase().rpc('rotate_served_feed_token', { _id: feed.id });
  if (error) throw new Error(error.message);
  return { id: feed.id, name: feed.name, token: data };
}

export function useRotateServedFeedToken() {
  return useMutation({ mutationFn: rotateServedFeedToken });
}
