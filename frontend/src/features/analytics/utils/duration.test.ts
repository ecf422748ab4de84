import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('picks the unit people read a response time in', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(12 * 60 + 20)).toBe('12 min');
    expect(formatDuration(3 * 3600)).toBe('3.0 h');
    expect(formatDuration(2.5 * 86_400)).toBe('2.5 days');
  });

  it('shows a dash when nothing was measured', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});
