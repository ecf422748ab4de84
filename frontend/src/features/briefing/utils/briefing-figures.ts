/** The briefing's key figures, each with its trend against the previous period where it has one. */
import type { BriefingSummary } from './briefing-summary';
import type { Trend } from './trend';
import { countOf } from './words';

export interface BriefingFigure {
  label: string;
  value: number;
  trend: Trend | null;
  /** A line under the value when there is no trend. */
  hint?: string;
}

export function briefingFigures(summary: BriefingSummary): BriefingFigure[] {
  const { alerts, kev } = summary;
  return [
    { label: 'Alerts raised', value: alerts.total.current, trend: alerts.total },
    {
      label: 'Critical alerts',
      value: alerts.bySeverity.critical.current,
      trend: alerts.bySeverity.critical,
    },
    { label: 'Added to KEV', value: kev.added.current, trend: kev.added },
    {
      label: 'Assets exposed to KEV today',
      value: kev.exposedAssets,
      trend: null,
      hint: `${countOf(kev.exposingEntries, 'KEV entry', 'KEV entries')}`,
    },
  ];
}
