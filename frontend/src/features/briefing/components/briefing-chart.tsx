/**
 * One of the briefing's charts in the shared chart frame: bars, a legend on comparisons, where each
 * named family or actor comes from and why it is there (an actor's evidence), and its table.
 */
import { Stack, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartLegend } from '@/components/charts/chart-legend';
import { chartIsEmpty, type BriefingChart as Chart } from '@/features/briefing/utils/briefing-charts';
import { ComparisonBars } from './comparison-bars';

export function BriefingChart({ chart }: { chart: Chart }) {
  const first = chart.key === 'severity' ? 'Severity' : chart.key === 'status' ? 'Status' : 'Name';
  const noted = chart.bars.filter((bar) => bar.note);
  const why = noted.length > 0 ? ['Source, and why it is named'] : [];
  const columns = chart.legend ? [first, ...chart.legend] : [first, 'Count', ...why];
  const rows = chart.bars.map((bar) =>
    chart.legend
      ? [bar.label, bar.value, bar.previous ?? 0]
      : [bar.label, bar.value, ...(why.length > 0 ? [bar.note ?? ''] : [])],
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
          {noted.length > 0 && (
            <Stack
              as="ul"
              aria-label="Where each comes from, and why it is named"
              gap="0.5"
              fontSize="xs"
              color="fg.muted"
              listStyleType="none"
            >
              {noted.map((bar) => (
                <li key={bar.label}>
                  {bar.label}: {bar.note}
                </li>
              ))}
            </Stack>
          )}
          {chart.legend && (
            <ChartLegend
              items={[
                { key: 'current', label: chart.legend[0], colorToken: 'blue.500' },
                { key: 'previous', label: chart.legend[1], colorToken: 'gray.400' },
              ]}
            />
          )}
        </Stack>
      )}
    </ChartFrame>
  );
}
