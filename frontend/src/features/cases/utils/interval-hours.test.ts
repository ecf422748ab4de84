import { describe, expect, it } from 'vitest';
import { hoursInWords, intervalHours } from './interval-hours';

describe('intervalHours', () => {
  it('reads what PostgreSQL prints for an interval', () => {
    expect(intervalHours('04:00:00')).toBe(4);
    expect(intervalHours('1 day')).toBe(24);
    expect(intervalHours('3 days 04:30:00')).toBe(76.5);
    expect(intervalHours('1 mon 2 days')).toBe(778.5);
    expect(intervalHours('00:15:00')).toBe(0.25);
  });
  it('refuses what is not an interval', () => {
    expect(intervalHours('soon')).toBeNull();
    expect(intervalHours('3 fortnights')).toBeNull();
  });
});

describe('hoursInWords', () => {
  it('says days and hours', () => {
    expect(hoursInWords(4)).toBe('4 h');
    expect(hoursInWords(72)).toBe('3 days');
    expect(hoursInWords(30)).toBe('1 day 6 h');
  });
});
