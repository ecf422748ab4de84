/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => [...notificationKeys.all, 'channels'] as const,
  rules: () => [...notificationKeys.all, 'rules'] as const,
  deliveries: (status: string) => [...notificationKeys.all, 'deliveries', status] as const,
};
