/** Query keys of the settings feature, general to specific. */
export const settingKeys = {
  all: ['settings'] as const,
  list: () => [...settingKeys.all, 'list'] as const,
  history: (key: string) => [...settingKeys.all, 'history', key] as const,
};
