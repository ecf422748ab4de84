/** Query keys of the groups feature, general to specific. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  members: (groupId: string) => [...groupKeys.all, 'members', groupId] as const,
  ofUser: (userId: string) => [...groupKeys.all, 'of-user', userId] as const,
};
