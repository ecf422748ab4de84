import { describe, expect, it } from 'vitest';
import type { ScoreHistoryRow } from '@/features/indicators/api/get-indicator-score-history';
import { decaysAt, decaySeries, decaySummary } from './decay-series';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
const row = (n: number, score: number, kind = 'point', label = ''): ScoreHistoryRow => ({
  at: day(n),
  score,
  kind,
  label,
});
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

const HISTORY: ScoreHistoryRow[] = [
  row(0, 90),
  row(0, 90, 'report', 'First report by ThreatFox (reliability B)'),
  row(10, 70),
  row(20, 60),
  row(20, 60, 'now', 'Now'),
  row(20, 60, 'mystery', 'A kind this app does not know'),
  row(40, 30),
  row(60, 15),
  row(80, 0),
];

describe('decaySeries', () => {
  it('splits the curve from the events, sorted, and finds now', () => {
    const series = decaySeries([...HISTORY].reverse())!;
    expect(series.points.map((point) => point.score)).toEqual([90, 70, 60, 30, 15, 0]);
    expect(series.events.map((event) => event.kind)).toEqual(['report', 'now']);
    expect(series.now?.score).toBe(60);
    expect(iso(series.start)).toBe('2026-01-01');
    expect(iso(series.end)).toBe('2026-03-22');
  });

  it('has nothing to draw without curve points', () => {
    expect(decaySeries([])).toBeNull();
    expect(decaySeries([row(0, 50, 'now', 'Now')])).toBeNull();
  });
});

describe('decaysAt and decaySummary', () => {
  const series = decaySeries(HISTORY)!;

  it('says when the score will fall under the threshold', () => {
    expect(iso(decaysAt(series, 20)!)).toBe('2026-03-02');
    expect(decaySummary(series, 20, iso)).toBe(
      'Score 60 now; without new reports or sightings it falls under 20 (decayed) around 2026-03-02.',
    );
  });

  it('says when it already counts as decayed', () => {
    expect(decaysAt(series, 65)).toBeNull();
    expect(decaySummary(series, 65, iso)).toBe('Score 60 now, under 65: the indicator counts as decayed.');
  });

  it('says when it stays above the threshold in view', () => {
    expect(decaySummary(series, 0, iso)).toBe('Score 60 now, at or above the decayed threshold of 0.');
  });
});
