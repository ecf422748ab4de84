/** Query keys of the brand feature, general to specific. */
export const brandKeys = {
  all: ['brand'] as const,
  lookalikes: (watchId: string) => [...brandKeys.all, 'lookalikes', watchId] as const,
  /** null: the hits of every watched domain. */
  hits: (watch: string | null) => [...brandKeys.all, 'hits', watch] as const,
};
