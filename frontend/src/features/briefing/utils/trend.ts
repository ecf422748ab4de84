/** A figure against the previous period of the same length: direction, difference and percentage. */
import { formatInteger } from '@/lib/format/format';

export type TrendDirection = 'up' | 'down' | 'flat';

export interface Trend {
  current: number;
  previous: number;
  delta: number;
  direction: TrendDirection;
  /** Rounded percentage change; null when there was nothing before (any rise is infinite). */
  percent: number | null;
}

export function trendOf(current: number, previous: number): Trend {
  const delta = current - previous;
  return {
    current,
    previous,
    delta,
    direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat',
    percent: previous === 0 ? (current === 0 ? 0 : null) : Math.round((Math.abs(delta) / previous) * 100),
  };
}

/** What the arrow shows, with the previous figure: "↓ 25% from 16", "↑ from 0", "no change". */
export function trendBadge(trend: Trend): string {
  if (trend.direction === 'flat') return 'no change';
  const arrow = trend.direction === 'up' ? '↑' : '↓';
  const percent = trend.percent === null ? '' : ` ${trend.percent}%`;
  return `${arrow}${percent} from ${formatInteger(trend.previous)}`;
}

/** The same in words (screen readers, the PDF): "down 25% from 16 in the previous 30 days". */
export function trendInWords(trend: Trend, days: number): string {
  const previous = `the previous ${formatInteger(days)} days`;
  if (trend.direction === 'flat') return `no change from ${previous}`;
  if (trend.percent === null) return `up from none in ${previous}`;
  return `${trend.direction} ${trend.percent}% from ${formatInteger(trend.previous)} in ${previous}`;
}
