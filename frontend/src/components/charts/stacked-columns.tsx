/** Counts per day stacked by series (alerts by severity over 14 days). */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
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
}

const MARGIN = { top: 8, right: 8, bottom: 28, left: 36 };

export function StackedColumns({ data, series, width = 560, height = 200 }: StackedColumnsProps) {
  const colors = useToken(
    'colors',
    series.map((item) => item.colorToken),
  );
  const [axisColor] = useToken('colors', ['fg.muted']);
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const totals = data.map((datum) => series.reduce((sum, item) => sum + (datum.values[item.key] ?? 0), 0));
  const x = scaleBand({ domain: data.map((datum) => datum.label), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({ domain: [0, Math.max(1, ...totals)], range: [innerHeight, 0], nice: true });
  const color = (key: string): string =>
    colors[series.findIndex((item) => item.key === key)] ?? axisColor ?? 'currentColor';
  const rows = data.map((datum) => ({ label: datum.label, ...datum.values }));
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
        <AxisLeft
          scale={y}
          numTicks={4}
          stroke={axisColor}
          tickStroke={axisColor}
          tickLabelProps={{ fill: axisColor, fontSize: 10 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={axisColor}
          tickStroke={axisColor}
          tickValues={x.domain().filter((_, index) => index % 2 === 0)}
          tickLabelProps={{ fill: axisColor, fontSize: 10 }}
        />
      </Group>
    </svg>
  );
}
