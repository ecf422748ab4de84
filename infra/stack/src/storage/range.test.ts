import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('byte ranges', () => {
  it('reads start-end, open-ended and suffix ranges, clamped to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('sends everything for no header, other units or several ranges', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
  });

  it('reports unsatisfiable ranges as null', () => {
    expect(parseRange('bytes=10-', 10)).toBeNull();
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=-0', 10)).toBeNull();
    expect(parseRange('bytes=-', 10)).toBeNull();
  });
});
