import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketTitle, periodPhrase, perUnit, seriesTotal, toColumns } from './buckets';

const rows = [
  { bucket: '2026-11-16', unit: 'week', type: 'ipv4', indicators: 3 },
  { bucket: '2026-11-16', unit: 'week', type: 'domain', indicators: 0 },
  { bucket: '2026-11-23', unit: 'week', type: 'ipv4', indicators: 1 },
  { bucket: '2026-11-23', unit: 'week', type: 'domain', indicators: 5 },
];

describe('analytics buckets', () => {
  it('lays rows out as one column per bucket, in the order the server sent them', () => {
    const { unit, columns } = toColumns(
      rows,
      (row) => row.type,
      (row) => row.indicators,
    );
    expect(unit).toBe('week');
    expect(columns).toEqual([
      { bucket: '2026-11-16', label: '11-16', values: { ipv4: 3, domain: 0 } },
      { bucket: '2026-11-23', label: '11-23', values: { ipv4: 1, domain: 5 } },
    ]);
    expect(seriesTotal(columns, 'domain')).toBe(5);
    expect(seriesTotal(columns, 'sha256')).toBe(0);
  });

  it('reads an unknown or missing unit as days', () => {
    expect(
      toColumns(
        [],
        () => 'x',
        () => 0,
      ),
    ).toEqual({ unit: 'day', columns: [] });
    expect(
      toColumns(
        [{ bucket: '2026-11-25', unit: 'fortnight' }],
        () => 'x',
        () => 1,
      ).unit,
    ).toBe('day');
  });

  it('labels buckets short on the axis and whole in the table', () => {
    expect(bucketLabel('2026-11-25', 'day')).toBe('11-25');
    expect(bucketLabel('2026-11-01', 'month')).toBe('2026-11');
    expect(bucketLabel('2026-01-01', 'year')).toBe('2026');
    expect(bucketTitle('2026-11-23', 'week')).toBe('Week of 2026-11-23');
    expect(bucketTitle('2026-11-25', 'day')).toBe('2026-11-25');
    expect(bucketTitle('2026-11-01', 'month')).toBe('2026-11');
  });

  it('says the period and the step in words', () => {
    expect(periodPhrase('90d')).toBe('in the last 90 days');
    expect(periodPhrase('1y')).toBe('in the last 12 months');
    expect(periodPhrase('all')).toBe('over all time');
    expect(perUnit('month')).toBe('per month');
  });
});
