/** Query keys of the outbound-addresses feature. */
export const outboundKeys = {
  all: ['outbound-addresses'] as const,
  list: () => [...outboundKeys.all, 'list'] as const,
};
