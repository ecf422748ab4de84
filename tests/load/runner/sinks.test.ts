/** Metric aggregation as k6 computes it (k6's metrics/sink.go). */
import { describe, expect, it } from 'vitest';
import { CounterSink, GaugeSink, RateSink, TrendSink } from './sinks.js';

describe('TrendSink', () => {
  it('interpolates percentiles linearly on rank p × (n − 1), as k6 does', () => {
    const sink = new TrendSink();
    [5, 1, 4, 2, 3].forEach((v) => sink.add(v));
    expect(sink.percentile(50)).toBe(3);
    expect(sink.percentile(90)).toBeCloseTo(4.6);
    expect(sink.percentile(95)).toBeCloseTo(4.8);
    expect(sink.percentile(0)).toBe(1);
    expect(sink.percentile(100)).toBe(5);
  });

  it('answers one value for every percentile and 0 with no values', () => {
    const one = new TrendSink();
    one.add(7);
    expect(one.percentile(99)).toBe(7);
    expect(new TrendSink().percentile(95)).toBe(0);
    expect(new TrendSink().values().avg).toBe(0);
  });

  it('summarises avg, min, med, max, p(90), p(95)', () => {
    const sink = new TrendSink();
    for (let i = 1; i <= 100; i += 1) sink.add(i);
    const values = sink.values();
    expect(values).toMatchObject({ avg: 50.5, min: 1, med: 50.5, max: 100, count: 100 });
    expect(values['p(90)']).toBeCloseTo(90.1);
    expect(values['p(95)']).toBeCloseTo(95.05);
  });
});

describe('RateSink', () => {
  it('counts the share of non-zero values', () => {
    const sink = new RateSink();
    [1, 0, 5, 0].forEach((v) => sink.add(v));
    expect(sink.values()).toEqual({ rate: 0.5, passes: 2, fails: 2 });
    expect(new RateSink().values().rate).toBe(0);
  });
});

describe('CounterSink', () => {
  it('sums and divides by the elapsed seconds', () => {
    const sink = new CounterSink();
    [1, 2, 3].forEach((v) => sink.add(v));
    expect(sink.values(2000)).toEqual({ count: 6, rate: 3 });
  });
});

describe('GaugeSink', () => {
  it('keeps the last, the min and the max', () => {
    const sink = new GaugeSink();
    [3, 8, 1, 4].forEach((v) => sink.add(v));
    expect(sink.values()).toEqual({ value: 4, min: 1, max: 8 });
  });
});
