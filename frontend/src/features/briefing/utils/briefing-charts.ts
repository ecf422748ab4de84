/**
 * The briefing's four charts as data, drawn by the page (SVG) and by the PDF (vector bars) alike:
 * alerts by severity against the previous period, by status, and the top malware and actors.
 */
import { attributionNote } from './attribution';
import { originNote } from './origin';
import { SEVERITIES, STATUSES, type BriefingSummary, type ThreatFigures } from './briefing-summary';
import { THREAT_METRIC_LABELS, threatMetric } from './threat-metric';
import { periodPhrase, previousPeriodPhrase } from './words';

export interface ChartBar {
  label: string;
  value: number;
  /** The previous period's value, on comparison charts. */
  previous?: number;
  /** Why the bar is there, where that needs saying (an actor's evidence). */
  note?: string;
}

export interface BriefingChart {
  key: 'severity' | 'status' | 'malware' | 'actors';
  title: string;
  /** One sentence saying what the chart shows (its description and table caption). */
  description: string;
  bars: ChartBar[];
  /** Names of the two series on comparison charts. */
  legend?: [current: string, previous: string];
  /** Shown instead of bars when every value is zero. */
  empty: string;
}

const SEVERITY_LABELS = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' } as const;
const STATUS_LABELS = {
  new: 'New',
  acknowledged: 'Acknowledged',
  investigating: 'Under investigation',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
} as const;

function threatChart(
  key: 'malware' | 'actors',
  noun: string,
  threats: readonly ThreatFigures[],
  days: number,
): BriefingChart {
  const metric = threatMetric(threats);
  return {
    key,
    title: `Top ${noun} by ${THREAT_METRIC_LABELS[metric]}`,
    description: `The ${noun} with the most ${THREAT_METRIC_LABELS[metric]} in ${periodPhrase(days)}.`,
    // Every named item says where it comes from (a source, or an analyst's own entry).
    bars: threats.map((threat) => ({
      label: threat.name,
      value: threat[metric].current,
      note: originNote(threat),
    })),
    empty: `No ${noun} linked to activity in ${periodPhrase(days)}.`,
  };
}

/** Actors are on the chart only on evidence, and each bar says which. */
function actorChart(actors: readonly ThreatFigures[], days: number): BriefingChart {
  const chart = threatChart('actors', 'threat actors', actors, days);
  return {
    ...chart,
    description:
      `The threat actors with the most ${THREAT_METRIC_LABELS[threatMetric(actors)]} in ${periodPhrase(days)}, ` +
      'named on evidence specific to them (moderate confidence) or a family few actors use (low confidence); ' +
      'tools many actors use name no one.',
    bars: chart.bars.map((bar, index) => ({
      ...bar,
      note: `${bar.note}; ${attributionNote(actors[index]!)}`,
    })),
    empty: `No activity in ${periodPhrase(days)} could be attributed to a specific actor.`,
  };
}

export function briefingCharts(summary: BriefingSummary): BriefingChart[] {
  const { days, alerts } = summary;
  return [
    {
      key: 'severity',
      title: 'Alerts by severity',
      description: `Alerts raised in ${periodPhrase(days)} by severity, against ${previousPeriodPhrase(days)}.`,
      bars: SEVERITIES.map((severity) => ({
        label: SEVERITY_LABELS[severity],
        value: alerts.bySeverity[severity].current,
        previous: alerts.bySeverity[severity].previous,
      })),
      legend: [`Last ${days} days`, `${days} days before`],
      empty: `No alert was raised in ${periodPhrase(days)} or ${previousPeriodPhrase(days)}.`,
    },
    {
      key: 'status',
      title: 'Alerts by status today',
      description: `Where the alerts raised in ${periodPhrase(days)} stand today.`,
      bars: STATUSES.map((status) => ({ label: STATUS_LABELS[status], value: alerts.byStatus[status] })),
      empty: `No alert was raised in ${periodPhrase(days)}.`,
    },
    threatChart('malware', 'malware families', summary.malware, days),
    actorChart(summary.actors, days),
  ];
}

export function chartIsEmpty(chart: BriefingChart): boolean {
  return chart.bars.every((bar) => bar.value === 0 && !bar.previous);
}
