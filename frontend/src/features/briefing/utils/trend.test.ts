import { describe, expect, it } from 'vitest';
import { trendBadge, trendInWords, trendOf } from './trend';

describe('trends against the previous period', () => {
  it('down, up and flat, with rounded percentages', () => {
    expect(trendOf(12, 16)).toEqual({ current: 12, previous: 16, delta: -4, direction: 'down', percent: 25 });
    expect(trendOf(5, 3)).toMatchObject({ direction: 'up', delta: 2, percent: 67 });
    expect(trendOf(4, 4)).toMatchObject({ direction: 'flat', delta: 0, percent: 0 });
    expect(trendOf(0, 0)).toMatchObject({ direction: 'flat', percent: 0 });
  });

  it('a rise from nothing has no percentage; a fall to nothing is 100%', () => {
    expect(trendOf(3, 0)).toMatchObject({ direction: 'up', percent: null });
    expect(trendOf(0, 3)).toMatchObject({ direction: 'down', percent: 100 });
  });

  it('as an arrow and in words', () => {
    expect(trendBadge(trendOf(12, 16))).toBe('↓ 25% from 16');
    expect(trendBadge(trendOf(5, 3))).toBe('↑ 67% from 3');
    expect(trendBadge(trendOf(3, 0))).toBe('↑ from 0');
    expect(trendBadge(trendOf(2, 2))).toBe('no change');
    expect(trendInWords(trendOf(12, 16), 30)).toBe('down 25% from 16 in the previous 30 days');
    expect(trendInWords(trendOf(3, 0), 7)).toBe('up from none in the previous 7 days');
    expect(trendInWords(trendOf(0, 0), 90)).toBe('no change from the previous 90 days');
  });
});
