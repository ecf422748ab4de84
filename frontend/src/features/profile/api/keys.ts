/** Query keys of the profile feature, general to specific. */
export const profileKeys = {
  all: ['profile'] as const,
  account: () => [...profileKeys.all, 'account'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};
