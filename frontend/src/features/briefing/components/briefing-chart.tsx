/** One of the briefing's charts in the shared chart frame: bars, a legend on comparisons, and its table. */
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { chartIsEmpty, type BriefingChart as Chart } from '@/features/briefing/utils/briefing-charts';
import { ComparisonBars } from './comparison-bars';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Flex align="center" gap="1">
      <Box width="2.5" height="2.5" borderRadius="xs" bg={color} />
      <Text as="span">{label}</Text>
    </Flex>
  );
}

export function BriefingChart({ chart }: { chart: Chart }) {
  const first = chart.key === 'severity' ? 'Severity' : chart.key === 'status' ? 'Status' : 'Name';
  const columns = chart.legend ? [first, ...chart.legend] : [first, 'Count'];
  const rows = chart.bars.map((bar) =>
    chart.legend ? [bar.label, bar.value, bar.previous ?? 0] : [bar.label, bar.value],
  );
  return (
    <ChartFrame title={chart.title} summary={chart.description} table={{ columns, rows }}>
      {chartIsEmpty(chart) ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          {chart.empty}
        </Text>
      ) : (
        <Stack gap="2">
          <ComparisonBars bars={chart.bars} />
          {chart.legend && (
            <Flex gap="4" fontSize="xs" color="fg.muted" aria-hidden="true">
              <Swatch color="blue.500" label={chart.legend[0]} />
              <Swatch color="gray.400" label={chart.legend[1]} />
            </Flex>
          )}
        </Stack>
      )}
    </ChartFrame>
  );
}
