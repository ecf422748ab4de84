/** Stages and durations as k6 reads them. */
import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from './duration.js';
import { arrivalsBy, stagesDurationMs, valueAt } from './stages.js';

const stages = [
  { duration: '10s', target: 10 },
  { duration: '20s', target: 10 },
  { duration: '10s', target: 0 },
];

describe('stages', () => {
  it('ramps linearly between targets', () => {
    expect(stagesDurationMs(stages)).toBe(40_000);
    expect(valueAt(stages, 0, 0)).toBe(0);
    expect(valueAt(stages, 0, 5_000)).toBe(5);
    expect(valueAt(stages, 0, 20_000)).toBe(10);
    expect(valueAt(stages, 0, 35_000)).toBe(5);
    expect(valueAt(stages, 0, 60_000)).toBe(0);
  });

  it('integrates an arrival rate over the stages', () => {
    const constant = [{ duration: '10s', target: 5 }];
    expect(arrivalsBy(constant, 5, 1000, 4_000)).toBeCloseTo(20);
    // 0 → 10/s over 10 s starts 50 iterations.
    expect(arrivalsBy([{ duration: '10s', target: 10 }], 0, 1000, 10_000)).toBeCloseTo(50);
    // timeUnit 1m: 60 per minute is one per second.
    expect(arrivalsBy([{ duration: '30s', target: 60 }], 60, 60_000, 30_000)).toBeCloseTo(30);
  });
});

describe('durations', () => {
  it('parses Go-style durations', () => {
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('3')).toBe(3000);
    expect(parseDuration(undefined, 42)).toBe(42);
    expect(() => parseDuration('10 parsecs')).toThrow(/Not a duration/);
  });

  it('prints them as k6 does', () => {
    expect(formatDuration(0.5)).toBe('500µs');
    expect(formatDuration(12.345)).toBe('12.35ms');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(90_000)).toBe('1m30s');
  });
});
