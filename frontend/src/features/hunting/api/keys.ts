/** Query keys of the hunting feature, general to specific. */
export const huntKeys = {
  all: ['hunts'] as const,
  lists: () => [...huntKeys.all, 'list'] as const,
  text: (id: string) => [...huntKeys.all, 'text', id] as const,
};
