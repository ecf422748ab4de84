import { describe, expect, it } from 'vitest';
import { createSlidingWindow } from './sliding-window';

describe('sliding window', () => {
  it('fires once when the count first exceeds the limit, and re-arms after it falls back', () => {
    const window = createSlidingWindow(3, 1000);
    const fired = [0, 10, 20, 30, 40].map((t) => window.hit(t));
    expect(fired).toEqual([false, false, false, true, false]);
    expect(window.count(1500)).toBe(0);
    expect([2000, 2001, 2002, 2003].map((t) => window.hit(t))).toEqual([false, false, false, true]);
  });

  it('forgets timestamps older than the window when pruned', () => {
    const window = createSlidingWindow(10, 1000);
    window.hit(0);
    window.hit(600);
    window.prune(1000);
    expect(window.count(1000)).toBe(1);
  });
});
