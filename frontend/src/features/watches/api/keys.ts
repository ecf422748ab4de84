/** Query keys of the watches feature, general to specific. */
import type { Database } from '@db/types';

export type WatchKind = Database['public']['Enums']['watch_kind'];

export const watchKeys = {
  all: ['watches'] as const,
  lists: () => [...watchKeys.all, 'list'] as const,
  list: (kinds: readonly WatchKind[]) => [...watchKeys.lists(), [...kinds].sort()] as const,
};
