/**
 * Leak posts over time, stacked by group (the busiest eight, the rest as "other"), with a legend and
 * the table view. The window is chosen here and kept in the URL.
 */
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatInteger } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { PostVolume } from '@/features/dark-web/utils/post-volume';
import type { VolumeWindow } from '@/features/dark-web/schemas/dark-web-view';

const WINDOW_LABELS: Record<VolumeWindow, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
  all: 'All time',
};
const BUCKET_WORDS = { day: 'day', week: 'week', month: 'month' } as const;

interface PostVolumeChartProps {
  volume: PostVolume;
  window: VolumeWindow;
  onWindowChange: (window: VolumeWindow) => void;
  loading: boolean;
}

export function PostVolumeChart({ volume, window, onWindowChange, loading }: PostVolumeChartProps) {
  const { series, periods, bucket, total } = volume;
  const periodHeader = bucket === 'week' ? 'Week of' : bucket === 'month' ? 'Month' : 'Day';
  return (
    <ChartFrame
      title="Leak posts over time, by group"
      summary={`${formatInteger(total)} posts, ${WINDOW_LABELS[window].toLowerCase()}, per ${BUCKET_WORDS[bucket]} and group.`}
      table={{
        columns: [periodHeader, ...series.map((item) => inertString(item.label, { defang: false })), 'Total'],
        rows: periods.map((period) => {
          const counts = series.map((item) => period.values[item.key] ?? 0);
          return [period.period, ...counts, counts.reduce((sum, n) => sum + n, 0)];
        }),
      }}
      action={
        <FilterSelect
          label="Chart window"
          value={window}
          onChange={(next) => onWindowChange(next as VolumeWindow)}
        >
          {(Object.keys(WINDOW_LABELS) as VolumeWindow[]).map((key) => (
            <option key={key} value={key}>
              {WINDOW_LABELS[key]}
            </option>
          ))}
        </FilterSelect>
      }
    >
      {total === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          {loading ? 'Loading…' : 'No leak post was published in this window.'}
        </Text>
      ) : (
        <Stack gap="2">
          <StackedColumns data={periods} series={series} />
          <Flex as="ul" gap="3" wrap="wrap" fontSize="xs" listStyleType="none" aria-label="Groups">
            {series.map((item) => (
              <Flex as="li" key={item.key} gap="1" align="center">
                <Box width="2.5" height="2.5" borderRadius="sm" bg={item.colorToken} aria-hidden="true" />
                <InertText value={item.label} defangLinks={false} />
                <Text as="span" color="fg.muted">
                  {formatInteger(item.total)}
                </Text>
              </Flex>
            ))}
          </Flex>
        </Stack>
      )}
    </ChartFrame>
  );
}
