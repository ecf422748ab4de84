/** Query keys of the sources feature, general to specific. */
export const sourceKeys = {
  all: ['sources'] as const,
  overview: () => [...sourceKeys.all, 'overview'] as const,
  runs: (sourceId: string) => [...sourceKeys.all, 'runs', sourceId] as const,
  rejects: (runId: number) => [...sourceKeys.all, 'rejects', runId] as const,
  redAudience: (sourceId: string) => [...sourceKeys.all, 'red-audience', sourceId] as const,
  feedMap: (sourceId: string) => [...sourceKeys.all, 'feed-map', sourceId] as const,
};
