/** Ranked values as horizontal bars (top malware families): label, bar, number — read at a glance. */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useToken } from '@chakra-ui/react';

export interface RankedValue {
  label: string;
  value: number;
}

const ROW_PX = 26;
const LABEL_PX = 180;
const VALUE_PX = 56;
/** A generous average width of a 12 px character, so a cut label never runs off the left edge. */
const CHAR_PX = 7.5;
// A style, not the font-size attribute: Chakra's preflight (`* { font: inherit }`) outranks SVG
// presentation attributes, and the labels were drawn at the page's 16 px and ran off the left edge.
const TEXT_STYLE = { fontSize: 12 } as const;
const MAX_LABEL_CHARS = Math.floor((LABEL_PX - 8) / CHAR_PX);

const fitLabel = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1)}…` : label;

interface HorizontalBarsProps {
  data: readonly RankedValue[];
  width?: number;
  /** How a value reads at the end of its bar (durations, scores); thousands separators by default. */
  formatValue?: (value: number) => string;
}

export function HorizontalBars({
  data,
  width = 460,
  formatValue = (value) => value.toLocaleString(),
}: HorizontalBarsProps) {
  const [barColor, textColor] = useToken('colors', ['blue.500', 'fg']);
  const height = Math.max(ROW_PX, data.length * ROW_PX);
  const max = Math.max(1, ...data.map((item) => item.value));
  const x = scaleLinear({ domain: [0, max], range: [0, width - LABEL_PX - VALUE_PX] });
  const y = scaleBand({ domain: data.map((item) => item.label), range: [0, height], padding: 0.25 });
  return (
    <svg width="100%" viewBox={`0 0 ${width} ${height}`} role="img" aria-hidden="true" focusable="false">
      {data.map((item) => {
        const top = y(item.label) ?? 0;
        const mid = top + y.bandwidth() / 2;
        return (
          <Group key={item.label}>
            <text
              x={LABEL_PX - 8}
              y={mid}
              textAnchor="end"
              dominantBaseline="middle"
              style={TEXT_STYLE}
              fill={textColor}
            >
              {fitLabel(item.label)}
            </text>
            <Bar
              x={LABEL_PX}
              y={top}
              width={Math.max(1, x(item.value))}
              height={y.bandwidth()}
              fill={barColor}
              rx={2}
            />
            <text
              x={LABEL_PX + x(item.value) + 6}
              y={mid}
              dominantBaseline="middle"
              style={TEXT_STYLE}
              fill={textColor}
            >
              {formatValue(item.value)}
            </text>
          </Group>
        );
      })}
    </svg>
  );
}
