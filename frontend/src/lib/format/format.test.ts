import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount } from './format';

describe('formatCount', () => {
  it('makes the noun agree with the number', () => {
    expect(formatCount(1, 'indicator')).toBe('1 indicator');
    expect(formatCount(0, 'indicator')).toBe('0 indicators');
    expect(formatCount(59_620, 'indicator')).toBe('59,620 indicators');
    expect(formatCount(2, 'match', 'matches')).toBe('2 matches');
  });
});

describe('formatBytes', () => {
  it('says bytes below a kilobyte, one decimal above, in binary units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(12.5 * 1024 * 1024)).toBe('12.5 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5.0 TB');
  });
});
