import { describe, expect, it } from 'vitest';
import { shapeEventCounts, totalEvents } from './event-series';

const NOW = Date.parse('2026-11-28T10:30:00Z');

describe('shapeEventCounts', () => {
  it('makes one column per day, oldest first, with empty days', () => {
    const columns = shapeEventCounts(
      [
        { bucket: '2026-11-28T00:00:00+00:00', severity: 'high', events: 2 },
        { bucket: '2026-11-28T00:00:00+00:00', severity: 'low', events: 1 },
        { bucket: '2026-11-26T00:00:00+00:00', severity: 'critical', events: 4 },
      ],
      7,
      NOW,
    );
    expect(columns).toHaveLength(7);
    expect(columns[0]!.label).toBe('11-22');
    expect(columns[6]).toMatchObject({ label: '11-28', values: { low: 1, medium: 0, high: 2, critical: 0 } });
    expect(columns[4]!.values.critical).toBe(4);
    expect(totalEvents(columns)).toBe(7);
  });

  it('makes hourly columns for a one-day window and ignores rows outside it', () => {
    const columns = shapeEventCounts(
      [
        { bucket: '2026-11-28T10:00:00Z', severity: 'medium', events: 3 },
        { bucket: '2026-11-20T10:00:00Z', severity: 'medium', events: 9 },
        { bucket: '2026-11-28T09:00:00Z', severity: 'unknown', events: 5 },
      ],
      1,
      NOW,
    );
    expect(columns).toHaveLength(24);
    expect(columns[23]).toMatchObject({ label: '10h', values: { medium: 3 } });
    expect(totalEvents(columns)).toBe(3);
  });
});
