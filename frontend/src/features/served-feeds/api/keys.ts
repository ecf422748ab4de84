/** Query keys of the served-feeds feature. */
export const servedFeedKeys = {
  all: ['served-feeds'] as const,
  list: () => [...servedFeedKeys.all, 'list'] as const,
  sources: () => [...servedFeedKeys.all, 'source-names'] as const,
};
