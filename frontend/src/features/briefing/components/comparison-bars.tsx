/**
 * Horizontal bars for a briefing chart: one bar per label, or two (this period and the one before)
 * on comparison charts. The numbers are in the chart's table view as well.
 */
import { useToken } from '@chakra-ui/react';
import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatInteger } from '@/lib/format/format';
import type { ChartBar } from '@/features/briefing/utils/briefing-charts';

// Room for "Under investigation" at 11 px.
const LABEL_PX = 170;
const VALUE_PX = 48;

export function ComparisonBars({ bars, width = 460 }: { bars: readonly ChartBar[]; width?: number }) {
  const [currentColor, previousColor, textColor, mutedColor] = useToken('colors', [
    'blue.500',
    'gray.400',
    'fg',
    'fg.muted',
  ]);
  const paired = bars.some((bar) => bar.previous !== undefined);
  const rowPx = paired ? 30 : 24;
  const height = Math.max(rowPx, bars.length * rowPx);
  const max = Math.max(1, ...bars.flatMap((bar) => [bar.value, bar.previous ?? 0]));
  const x = scaleLinear({ domain: [0, max], range: [0, width - LABEL_PX - VALUE_PX] });
  return (
    <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-hidden="true" focusable="false">
      {bars.map((bar, index) => {
        const top = index * rowPx;
        const series = paired
          ? [
              { value: bar.value, color: currentColor, y: top + 4, h: 10, text: textColor },
              { value: bar.previous ?? 0, color: previousColor, y: top + 16, h: 10, text: mutedColor },
            ]
          : [{ value: bar.value, color: currentColor, y: top + 4, h: 16, text: textColor }];
        return (
          <Group key={bar.label}>
            <text
              x={LABEL_PX - 8}
              y={top + rowPx / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill={textColor}
            >
              {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
            </text>
            {series.map((item, seriesIndex) => (
              <Group key={seriesIndex}>
                <Bar
                  x={LABEL_PX}
                  y={item.y}
                  width={item.value > 0 ? Math.max(1, x(item.value)) : 0}
                  height={item.h}
                  fill={item.color}
                  rx={2}
                />
                <text
                  x={LABEL_PX + x(item.value) + 6}
                  y={item.y + item.h / 2}
                  dominantBaseline="middle"
                  fontSize={10}
                  fill={item.text}
                >
                  {formatInteger(item.value)}
                </text>
              </Group>
            ))}
          </Group>
        );
      })}
    </svg>
  );
}
