import { describe, expect, it } from 'vitest';
import {
  columnTitle,
  MAX_COLUMNS,
  MAX_SERIES,
  OTHER_KEY,
  seriesKey,
  shapeVolume,
  windowStart,
} from './volume-series';

const NOW = Date.parse('2026-03-11T10:25:00Z');
const row = (bucket: string, event_type: string, events: number, matched = 0, sensor = 'edge-fw-1') => ({
  sensor,
  bucket,
  event_type,
  events,
  matched,
});

describe('windowStart', () => {
  it('covers the current hour and the ones before it', () => {
    expect(windowStart('24h', NOW)?.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(windowStart('7d', NOW)?.toISOString()).toBe('2026-03-04T11:00:00.000Z');
    expect(windowStart('all', NOW)).toBeNull();
  });
});

describe('shapeVolume', () => {
  it('draws every hour of the last day, quiet ones as zero, stacked by event type with the matched total', () => {
    const shaped = shapeVolume(
      [
        row('2026-03-11T10:00:00Z', 'alert', 5, 5),
        row('2026-03-11T10:00:00Z', 'flow', 100, 1),
        row('2026-03-11T08:00:00Z', 'flow', 40, 0, 'core-sw'),
        // Outside the window: left out.
        row('2026-03-09T08:00:00Z', 'flow', 999),
      ],
      { window: '24h', by: 'type', now: NOW },
    );
    expect(shaped.columns).toHaveLength(24);
    expect(shaped.stepHours).toBe(1);
    expect(shaped.columns[0]!.label).toBe('11:00');
    expect(shaped.columns.at(-1)).toEqual({
      start: '2026-03-11T10:00:00.000Z',
      label: '10:00',
      values: { [seriesKey('alert')]: 5, [seriesKey('flow')]: 100 },
      events: 105,
      matched: 6,
    });
    expect(shaped.columns.at(-2)!.events).toBe(0);
    expect(shaped.series).toEqual([
      { key: seriesKey('flow'), label: 'flow' },
      { key: seriesKey('alert'), label: 'alert' },
    ]);
    expect([shaped.events, shaped.matched]).toEqual([145, 6]);
  });

  it('stacks by sensor when asked', () => {
    const shaped = shapeVolume(
      [row('2026-03-11T10:00:00Z', 'flow', 10), row('2026-03-11T09:00:00Z', 'dns', 30, 0, 'core-sw')],
      { window: '24h', by: 'sensor', now: NOW },
    );
    expect(shaped.series.map((item) => item.label)).toEqual(['core-sw', 'edge-fw-1']);
  });

  it('widens the columns to stay readable: six hours for a week, a day for a month', () => {
    const week = shapeVolume([row('2026-03-05T03:00:00Z', 'flow', 7)], {
      window: '7d',
      by: 'type',
      now: NOW,
    });
    expect(week.stepHours).toBe(6);
    expect(week.columns.length).toBeLessThanOrEqual(MAX_COLUMNS);
    expect(week.columns.find((column) => column.events === 7)).toMatchObject({
      start: '2026-03-05T00:00:00.000Z',
      label: '03-05 00h',
    });
    const month = shapeVolume([], { window: '30d', by: 'type', now: NOW });
    expect(month.stepHours).toBe(24);
    expect(month.columns[0]!.label).toMatch(/^02-\d\d$/);
    expect(columnTitle(month.columns[0]!, 24)).toMatch(/^2026-02-\d\d$/);
    expect(columnTitle(week.columns[0]!, 6)).toMatch(/^2026-03-04 \d\d:00 UTC$/);
  });

  it('spans all time from the first event, and says nothing when there is none', () => {
    const all = shapeVolume(
      [row('2025-03-11T00:00:00Z', 'flow', 1), row('2026-03-11T09:00:00Z', 'flow', 2)],
      {
        window: 'all',
        by: 'type',
        now: NOW,
      },
    );
    expect(all.stepHours).toBe(168);
    expect(all.columns.length).toBeLessThanOrEqual(MAX_COLUMNS);
    expect(new Set(all.columns.map((column) => column.label)).size).toBe(all.columns.length);
    expect(all.events).toBe(3);
    expect(shapeVolume([], { window: 'all', by: 'type', now: NOW })).toEqual({
      columns: [],
      series: [],
      stepHours: 1,
      events: 0,
      matched: 0,
    });
  });

  it('labels hours with their day when a short all-time span crosses days', () => {
    const shaped = shapeVolume([row('2026-03-10T00:00:00Z', 'flow', 1)], {
      window: 'all',
      by: 'type',
      now: NOW,
    });
    expect(shaped.stepHours).toBe(1);
    expect(shaped.columns[0]!.label).toBe('10 00:00');
  });

  it('folds the smallest series into Other, and an event type cannot pose as a chart field', () => {
    const types = ['flow', 'dns', 'http', 'tls', 'alert', 'fileinfo', 'label', 'anomaly'];
    const shaped = shapeVolume(
      types.map((type, index) => row('2026-03-11T10:00:00Z', type, 100 - index)),
      { window: '24h', by: 'type', now: NOW },
    );
    expect(shaped.series).toHaveLength(MAX_SERIES);
    expect(shaped.series.at(-1)).toEqual({ key: OTHER_KEY, label: 'Other' });
    expect(shaped.columns.at(-1)!.values[OTHER_KEY]).toBe(95 + 94 + 93);
    expect(Object.keys(shaped.columns.at(-1)!.values)).not.toContain('label');
  });
});
