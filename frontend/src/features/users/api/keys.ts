/** Query keys of the users feature, general to specific. */
export const userKeys = {
  all: ['users'] as const,
  list: (search: string, page: number) => [...userKeys.all, 'list', search, page] as const,
  history: (userId: string) => [...userKeys.all, 'history', userId] as const,
};
