import { describe, expect, it } from 'vitest';
import { FileSizeError, parseFileSize } from './file-size.js';

describe('file sizes', () => {
  it('reads storage-style decimal units and CLI-style binary units', () => {
    expect(parseFileSize('3B')).toBe(3);
    expect(parseFileSize('30KB')).toBe(30_000);
    expect(parseFileSize('20MB')).toBe(20_000_000);
    expect(parseFileSize('1GB')).toBe(1e9);
    expect(parseFileSize('50MiB')).toBe(50 * 1024 * 1024);
    expect(parseFileSize('1.5 kib')).toBe(1536);
    expect(parseFileSize('42')).toBe(42);
    expect(parseFileSize(1024)).toBe(1024);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'MB', '10 parsecs', '-1', -5, Number.NaN, null, {}]) {
      expect(() => parseFileSize(bad)).toThrow(FileSizeError);
    }
  });
});
