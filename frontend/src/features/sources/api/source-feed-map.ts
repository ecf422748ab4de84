/**
 * A source's feed map (issue 30 §3): read from the source, and set or taken off by an administrator
 * through set_source_feed_map, which checks the map again (private.feed_map_problem), needs a second
 * factor verified in this session and records the change as a security event.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@db/types';
import { supabase } from '@/lib/supabase';
import { sourceKeys } from './keys';

export async function getSourceFeedMap(sourceId: string): Promise<Json | null> {
  const { data, error } = await supabase().from('sources').select('feed_map').eq('id', sourceId).single();
  if (error) throw new Error(error.message);
  return data.feed_map;
}

export function useSourceFeedMap(sourceId: string) {
  return useQuery({ queryKey: sourceKeys.feedMap(sourceId), queryFn: () => getSourceFeedMap(sourceId) });
}

export async function setSourceFeedMap({ sourceId, map }: { sourceId: string; map: Json | null }) {
  const { data, error } = await supabase().rpc('set_source_feed_map', { _id: sourceId, _map: map as Json });
  if (error) throw new Error(error.message);
  return data[0];
}

export function useSetSourceFeedMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSourceFeedMap,
    onSettled: (_data, _error, { sourceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sourceKeys.feedMap(sourceId) }),
        queryClient.invalidateQueries({ queryKey: sourceKeys.overview() }),
      ]),
  });
}
