/** Counts per period stacked by series (alerts by severity over 14 days, leak posts by group). */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack, LinePath } from '@visx/shape';
import { useToken } from '@chakra-ui/react';

export interface StackedDatum {
  label: string;
  values: Record<string, number>;
}

interface StackedColumnsProps {
  data: readonly StackedDatum[];
  series: readonly { key: string; label: string; colorToken: string }[];
  width?: number;
  height?: number;
  /** One more figure per column drawn as a line over the stacks (matched events over all events). */
  line?: { values: readonly number[]; colorToken: string };
}

const MARGIN = { top: 8, right: 8, bottom: 28, left: 48 };
/** Room one bottom label needs ("11-18 12h"), in viewBox units: charts drawn wide and shown narrow scale it down. */
const LABEL_WIDTH_PX = 110;
// Chakra's preflight (`* { font: inherit }`) beats SVG's font-size attribute; a style does not lose.
const AXIS_TEXT_STYLE = { fontSize: 10 } as const;
// "1.5K" fits the left margin where "1,500" was cut off.
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

export function StackedColumns({ data, series, width = 560, height = 200, line }: StackedColumnsProps) {
  const colors = useToken(
    'colors',
    series.map((item) => item.colorToken),
  );
  const [axisColor, lineColor] = useToken('colors', ['fg.muted', line?.colorToken ?? 'fg']);
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const totals = data.map((datum) => series.reduce((sum, item) => sum + (datum.values[item.key] ?? 0), 0));
  const x = scaleBand({ domain: data.map((datum) => datum.label), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({
    domain: [0, Math.max(1, ...totals, ...(line?.values ?? []))],
    range: [innerHeight, 0],
    nice: true,
  });
  const color = (key: string): string =>
    colors[series.findIndex((item) => item.key === key)] ?? axisColor ?? 'currentColor';
  const rows = data.map((datum) => ({ label: datum.label, ...datum.values }));
  // Every other label, fewer on a long axis (a week of hours) so they never overlap.
  const tickStep = Math.max(2, Math.ceil(data.length / Math.max(1, Math.floor(innerWidth / LABEL_WIDTH_PX))));
  return (
    <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-hidden="true" focusable="false">
      <Group left={MARGIN.left} top={MARGIN.top}>
        <BarStack
          data={rows}
          keys={series.map((item) => item.key)}
          x={(row) => row.label}
          xScale={x}
          yScale={y}
          color={color}
          value={(row, key) => Number((row as Record<string, unknown>)[key] ?? 0)}
        >
          {(stacks) =>
            stacks.map((stack) =>
              stack.bars.map((bar) => (
                <rect
                  key={`${stack.key}-${bar.index}`}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  fill={bar.color}
                />
              )),
            )
          }
        </BarStack>
        {line && (
          <LinePath
            data={data.map((datum, index) => ({ label: datum.label, value: line.values[index] ?? 0 }))}
            x={(point) => (x(point.label) ?? 0) + x.bandwidth() / 2}
            y={(point) => y(point.value)}
            stroke={lineColor}
            strokeWidth={2}
          />
        )}
        <AxisLeft
          scale={y}
          numTicks={4}
          tickFormat={(value) => compact.format(Number(value))}
          stroke={axisColor}
          tickStroke={axisColor}
          tickLabelProps={{ fill: axisColor, fontSize: 10, style: AXIS_TEXT_STYLE }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={axisColor}
          tickStroke={axisColor}
          tickValues={x.domain().filter((_, index) => index % tickStep === 0)}
          tickLabelProps={{ fill: axisColor, fontSize: 10, style: AXIS_TEXT_STYLE }}
        />
      </Group>
    </svg>
  );
}
