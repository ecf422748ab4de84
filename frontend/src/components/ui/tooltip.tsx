/**
 * Tooltip with the spec's timing: opens after 700 ms. The skip delay (300 ms) is the close delay: while a
 * tooltip is still closing, the component library opens the next one hovered at once, so a pointer sweeping
 * along a toolbar within 300 ms does not wait again.
 */
import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TOOLTIP } from '@/config/constants';

export const tooltipTiming = { openDelay: TOOLTIP.openDelayMs, closeDelay: TOOLTIP.skipDelayMs } as const;

export function Tooltip({
  content,
  children,
  disabled,
}: {
  content: ReactNode;
  children: ReactNode;
  disabled?: boolean;
}) {
  if (disabled) return <>{children}</>;
  return (
    <ChakraTooltip.Root {...tooltipTiming}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
