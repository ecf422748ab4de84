/** Query keys of the dark-web feature, general to specific. */
import type { VolumeWindow } from '@/features/dark-web/schemas/dark-web-view';

export interface PostFilters {
  group: string | undefined;
  q: string;
}

export const darkWebKeys = {
  all: ['dark-web'] as const,
  volume: (window: VolumeWindow) => [...darkWebKeys.all, 'volume', window] as const,
  posts: () => [...darkWebKeys.all, 'posts'] as const,
  postList: (filters: PostFilters) => [...darkWebKeys.posts(), 'list', filters] as const,
  post: (id: number) => [...darkWebKeys.posts(), 'detail', id] as const,
  mentions: () => [...darkWebKeys.all, 'mentions'] as const,
  mentionCount: (watchId: string) => [...darkWebKeys.mentions(), 'count', watchId] as const,
};
