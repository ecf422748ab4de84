import { describe, expect, it } from 'vitest';
import { bucketOf, postVolume } from './post-volume';

const NOW = new Date('2026-03-12T10:00:00Z'); // a Thursday

describe('postVolume: the chart’s shape', () => {
  it('a month by day: every day present, groups by total with "other" last, keys not names', () => {
    const volume = postVolume(
      [
        { day: '2026-03-10', group_name: 'lockbit3', posts: 2 },
        { day: '2026-03-10', group_name: 'other', posts: 9 },
        { day: '2026-03-12', group_name: 'akira', posts: 5 },
        { day: '2026-03-12', group_name: 'lockbit3', posts: 1 },
      ],
      '30d',
      NOW,
    );
    expect(volume.bucket).toBe('day');
    expect(volume.series.map((s) => [s.key, s.label, s.total])).toEqual([
      ['s0', 'akira', 5],
      ['s1', 'lockbit3', 3],
      ['s2', 'other', 9],
    ]);
    expect(volume.series[2]!.colorToken).toBe('gray.500');
    expect(volume.total).toBe(17);
    expect(volume.periods).toHaveLength(31);
    expect(volume.periods[0]!.period).toBe('2026-02-10');
    expect(volume.periods.at(-1)).toEqual({ period: '2026-03-12', label: '03-12', values: { s0: 5, s1: 1 } });
    expect(volume.periods.find((p) => p.period === '2026-03-11')!.values).toEqual({});
    expect(volume.periods.find((p) => p.period === '2026-03-10')!.values).toEqual({ s1: 2, s2: 9 });
  });

  it('a quarter by ISO week (Monday first), a whole history by month from first to last', () => {
    expect(bucketOf('2026-03-12', 'week')).toBe('2026-03-09');
    expect(bucketOf('2026-03-08', 'week')).toBe('2026-03-02');
    const quarter = postVolume(
      [
        { day: '2026-03-09', group_name: 'play', posts: 1 },
        { day: '2026-03-12', group_name: 'play', posts: 2 },
      ],
      '90d',
      NOW,
    );
    expect(quarter.bucket).toBe('week');
    expect(quarter.periods.at(-1)).toMatchObject({ period: '2026-03-09', values: { s0: 3 } });
    expect(quarter.periods.every((p, i, all) => i === 0 || p.period > all[i - 1]!.period)).toBe(true);

    const all = postVolume(
      [
        { day: '2025-11-30', group_name: 'paste', posts: 1 },
        { day: '2026-02-01', group_name: 'paste', posts: 4 },
      ],
      'all',
      NOW,
    );
    expect(all.periods.map((p) => [p.period, p.values.s0 ?? 0])).toEqual([
      ['2025-11', 1],
      ['2025-12', 0],
      ['2026-01', 0],
      ['2026-02', 4],
    ]);
    expect(postVolume([], 'all', NOW).periods).toEqual([]);
  });

  it('keeps hostile group names out of object keys', () => {
    const volume = postVolume(
      [
        { day: '2026-03-12', group_name: '__proto__', posts: 1 },
        { day: '2026-03-12', group_name: 'label', posts: 2 },
      ],
      '30d',
      NOW,
    );
    expect(volume.series.map((s) => s.label)).toEqual(['label', '__proto__']);
    expect(volume.periods.at(-1)!.values).toEqual({ s0: 2, s1: 1 });
  });
});
