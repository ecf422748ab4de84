/** Query keys of the threat feed feature. */
export const feedKeys = {
  all: ['feed'] as const,
  events: (kinds: readonly string[]) => [...feedKeys.all, 'events', kinds] as const,
};
