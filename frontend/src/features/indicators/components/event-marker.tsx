/** One event on the decay chart, by shape as well as colour (a colour-blind reader tells them apart too). */
import { useToken } from '@chakra-ui/react';
import type { ScoreEventKind } from '@/features/indicators/utils/decay-series';

export const MARKER_TOKENS: Record<ScoreEventKind, string> = {
  report: 'severity.low',
  sighting: 'status.healthy',
  false_positive: 'severity.high',
  valid_until: 'fg.muted',
  revoked: 'status.down',
  now: 'fg',
};

export function EventMarker({ kind, cx, cy }: { kind: ScoreEventKind; cx: number; cy: number }) {
  const [color, surface] = useToken('colors', [MARKER_TOKENS[kind], 'bg']);
  const ring = { stroke: surface, strokeWidth: 1.5 };
  switch (kind) {
    case 'sighting':
      return (
        <path d={`M${cx},${cy - 5.5} L${cx + 5},${cy + 4} L${cx - 5},${cy + 4} Z`} fill={color} {...ring} />
      );
    case 'false_positive':
      return (
        <rect
          x={cx - 4}
          y={cy - 4}
          width={8}
          height={8}
          transform={`rotate(45 ${cx} ${cy})`}
          fill={color}
          {...ring}
        />
      );
    case 'valid_until':
      return <rect x={cx - 4} y={cy - 4} width={8} height={8} fill={color} {...ring} />;
    case 'revoked':
      return (
        <path
          d={`M${cx - 4},${cy - 4} L${cx + 4},${cy + 4} M${cx + 4},${cy - 4} L${cx - 4},${cy + 4}`}
          stroke={color}
          strokeWidth={2.5}
        />
      );
    default:
      return <circle cx={cx} cy={cy} r={4.5} fill={color} {...ring} />;
  }
}
