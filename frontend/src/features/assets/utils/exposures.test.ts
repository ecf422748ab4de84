import { describe, expect, it } from 'vitest';
import { exposureCounts, exposureSummary, isOverdue, todayUtc } from './exposures';

describe('overdue', () => {
  it('is past the due date, counted in UTC days', () => {
    expect(todayUtc(new Date('2026-03-10T23:30:00-05:00'))).toBe('2026-03-11');
    expect(isOverdue('2026-03-10', '2026-03-11')).toBe(true);
    expect(isOverdue('2026-03-11', '2026-03-11')).toBe(false);
    expect(isOverdue('2026-04-01', '2026-03-11')).toBe(false);
    expect(isOverdue(null, '2026-03-11')).toBe(false);
  });
});

describe('exposureSummary', () => {
  const rows = [
    { asset_id: 'a', kev_due_date: '2026-01-01' },
    { asset_id: 'a', kev_due_date: '2026-12-01' },
    { asset_id: 'b', kev_due_date: null },
  ];

  it('counts assets, exposed assets, exposures and the overdue ones', () => {
    expect(exposureSummary(5, rows, '2026-03-11')).toEqual({
      assets: 5,
      exposedAssets: 2,
      kevExposures: 3,
      overdue: 1,
    });
    expect(exposureSummary(0, [], '2026-03-11')).toEqual({
      assets: 0,
      exposedAssets: 0,
      kevExposures: 0,
      overdue: 0,
    });
  });

  it('counts exposures per asset', () => {
    expect([...exposureCounts(rows)]).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});
