/**
 * The series of a chart with their colours (a thin bar for a series drawn as a line); hidden from
 * screen readers, which get the chart's table instead.
 */
import { Box, Flex } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';

export interface LegendItem {
  key: string;
  label: string;
  colorToken: string;
  /** Drawn as a line over the columns, not as a stack. */
  line?: boolean;
}

export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <Flex as="ul" gap="3" wrap="wrap" listStyleType="none" ps="0" fontSize="xs" aria-hidden="true">
      {items.map((item) => (
        <Flex as="li" key={item.key} gap="1" align="center" maxWidth="14rem">
          <Box
            flexShrink={0}
            width="3"
            height={item.line ? '0.5' : '3'}
            borderRadius="sm"
            bg={item.colorToken}
          />
          <InertText value={item.label} defangLinks={false} singleLine />
        </Flex>
      ))}
    </Flex>
  );
}
