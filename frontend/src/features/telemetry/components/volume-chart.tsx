/** Events over time stacked by event type or sensor, with the matched events as a line; window and grouping in the URL. */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { ChartFrame } from '@/components/charts/chart-frame';
import { ChartLegend } from '@/components/charts/chart-legend';
import { StackedColumns } from '@/components/charts/stacked-columns';
import { FilterSelect } from '@/components/ui/filter-select';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import {
  VOLUME_WINDOWS,
  WINDOW_LABELS,
  type VolumeGroup,
  type VolumeWindow,
} from '@/features/telemetry/schemas/network-filters';
import {
  columnTitle,
  OTHER_KEY,
  shapeVolume,
  type VolumeRow,
  type VolumeSeries,
} from '@/features/telemetry/utils/volume-series';

const PALETTE = ['blue.500', 'teal.400', 'purple.400', 'orange.400', 'pink.400', 'cyan.600'];
const OTHER_COLOR = 'gray.400';
const MATCHED_COLOR = 'red.500';
const STEP_NAMES: Record<number, string> = {
  1: 'hour',
  6: '6 hours',
  24: 'day',
  168: 'week',
  720: '30 days',
};

interface VolumeChartProps {
  /** Undefined while loading; `complete` is false when the row ceiling cut the oldest hours off. */
  volume: { rows: readonly VolumeRow[]; complete: boolean; now: number } | undefined;
  error: string | undefined;
  window: VolumeWindow;
  by: VolumeGroup;
  onChange: (patch: { window?: VolumeWindow; by?: VolumeGroup }) => void;
}

const NOTHING: VolumeSeries = { columns: [], series: [], stepHours: 1, events: 0, matched: 0 };

export function VolumeChart({ volume, error, window, by, onChange }: VolumeChartProps) {
  const shaped = volume ? shapeVolume(volume.rows, { window, by, now: volume.now }) : NOTHING;
  const series = shaped.series.map((item, index) => ({
    ...item,
    label: inertString(item.label, { defang: false }),
    colorToken: item.key === OTHER_KEY ? OTHER_COLOR : PALETTE[index % PALETTE.length]!,
  }));
  const per = STEP_NAMES[shaped.stepHours] ?? `${shaped.stepHours} hours`;
  const grouping = by === 'type' ? 'event type' : 'sensor';
  return (
    <ChartFrame
      title={`Event volume, ${WINDOW_LABELS[window].toLowerCase()}`}
      summary={`${formatInteger(shaped.events)} events per ${per} by ${grouping}, ${formatInteger(shaped.matched)} of them matched intelligence.`}
      table={{
        columns: ['Period', ...series.map((item) => item.label), 'All events', 'Matched'],
        rows: shaped.columns.map((column) => [
          columnTitle(column, shaped.stepHours),
          ...series.map((item) => column.values[item.key] ?? 0),
          column.events,
          column.matched,
        ]),
      }}
      action={
        <Flex gap="2" wrap="wrap">
          <FilterSelect
            label="Time window"
            value={window}
            onChange={(value) => onChange({ window: value as VolumeWindow })}
          >
            {VOLUME_WINDOWS.map((item) => (
              <option key={item} value={item}>
                {WINDOW_LABELS[item]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Stack by"
            value={by}
            onChange={(value) => onChange({ by: value as VolumeGroup })}
          >
            <option value="type">By event type</option>
            <option value="sensor">By sensor</option>
          </FilterSelect>
        </Flex>
      }
    >
      {error ? (
        <Text role="alert" py="6" textAlign="center">
          The event volume could not be loaded: {error}
        </Text>
      ) : volume === undefined ? (
        <Flex justify="center" py="6">
          <Spinner size="sm" aria-label="Loading the event volume" />
        </Flex>
      ) : shaped.events === 0 ? (
        <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
          No events in this window.
        </Text>
      ) : (
        <>
          <StackedColumns
            data={shaped.columns.map((column) => ({ label: column.label, values: column.values }))}
            series={series}
            line={{ values: shaped.columns.map((column) => column.matched), colorToken: MATCHED_COLOR }}
          />
          <ChartLegend
            items={[
              ...series,
              { key: 'matched', label: 'Matched intelligence', colorToken: MATCHED_COLOR, line: true },
            ]}
          />
          {!volume.complete && (
            <Text fontSize="xs" color="fg.muted">
              Only the most recent hours are drawn: the window holds too many rows. Pick a sensor or a shorter
              window for all of it.
            </Text>
          )}
        </>
      )}
    </ChartFrame>
  );
}
