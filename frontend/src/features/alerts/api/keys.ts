/** Query keys of the alerts feature, general to specific. */
export const alertKeys = {
  all: ['alerts'] as const,
  newCount: () => [...alertKeys.all, 'new-count'] as const,
};
