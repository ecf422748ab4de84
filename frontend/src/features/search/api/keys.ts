/** Query keys of the search feature. */
export const searchKeys = {
  all: ['search'] as const,
  unified: (query: string) => [...searchKeys.all, 'unified', query] as const,
};
