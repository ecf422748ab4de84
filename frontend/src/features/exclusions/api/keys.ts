/** Query keys of the exclusions feature, general to specific. */
export const exclusionKeys = {
  all: ['exclusions'] as const,
  lists: () => [...exclusionKeys.all, 'lists'] as const,
  entries: (listId: number) => [...exclusionKeys.all, 'entries', listId] as const,
};
