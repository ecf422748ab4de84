/**
 * The score history as the decay chart draws it: the curve (kind 'point'), the events that moved it
 * (reports, sightings, false positives, valid_until, revocation) and "now", and one sentence saying
 * where the score stands against its type's decayed threshold.
 */
import type { ScoreHistoryRow } from '@/features/indicators/api/get-indicator-score-history';

export const EVENT_KINDS = ['report', 'sighting', 'false_positive', 'valid_until', 'revoked', 'now'] as const;
export type ScoreEventKind = (typeof EVENT_KINDS)[number];

export const EVENT_NAMES: Record<ScoreEventKind, string> = {
  report: 'Report',
  sighting: 'Sighting',
  false_positive: 'False positive',
  valid_until: 'Valid until',
  revoked: 'Revoked',
  now: 'Now',
};

export interface ScorePoint {
  at: number;
  score: number;
}

export interface ScoreEvent extends ScorePoint {
  kind: ScoreEventKind;
  label: string;
}

export interface DecaySeries {
  points: ScorePoint[];
  events: ScoreEvent[];
  start: number;
  end: number;
  now: ScoreEvent | undefined;
}

const isEventKind = (kind: string): kind is ScoreEventKind =>
  (EVENT_KINDS as readonly string[]).includes(kind);

export function decaySeries(rows: readonly ScoreHistoryRow[]): DecaySeries | null {
  const points: ScorePoint[] = [];
  const events: ScoreEvent[] = [];
  for (const row of rows) {
    const at = Date.parse(row.at);
    if (Number.isNaN(at)) continue;
    if (row.kind === 'point') points.push({ at, score: row.score });
    // A kind added to the server later is left out rather than drawn as something it is not.
    else if (isEventKind(row.kind)) events.push({ at, score: row.score, kind: row.kind, label: row.label });
  }
  if (points.length === 0) return null;
  points.sort((a, b) => a.at - b.at);
  events.sort((a, b) => a.at - b.at);
  const times = [...points, ...events].map((item) => item.at);
  return {
    points,
    events,
    start: Math.min(...times),
    end: Math.max(...times),
    now: events.find((event) => event.kind === 'now'),
  };
}

/** When the score falls under the threshold if nothing new arrives; null when it already has, or never does in view. */
export function decaysAt(series: DecaySeries, threshold: number): number | null {
  const now = series.now;
  if (!now || now.score < threshold) return null;
  return series.points.find((point) => point.at > now.at && point.score < threshold)?.at ?? null;
}

export function decaySummary(
  series: DecaySeries,
  threshold: number,
  formatDate: (at: number) => string,
): string {
  const now = series.now;
  if (!now) return `Score from ${formatDate(series.start)} to ${formatDate(series.end)}.`;
  const head = `Score ${now.score} now`;
  if (now.score < threshold) return `${head}, under ${threshold}: the indicator counts as decayed.`;
  const at = decaysAt(series, threshold);
  return at === null
    ? `${head}, at or above the decayed threshold of ${threshold}.`
    : `${head}; without new reports or sightings it falls under ${threshold} (decayed) around ${formatDate(at)}.`;
}
