/** Query keys of the enrichment-services feature. */
export const enrichmentServiceKeys = {
  all: ['enrichment-services'] as const,
  list: () => [...enrichmentServiceKeys.all, 'list'] as const,
};
