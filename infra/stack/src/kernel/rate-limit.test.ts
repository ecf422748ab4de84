import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

/** A limiter on a clock the test moves by hand. */
function limiterAt(limit: number, windowMs: number) {
  const clock = { now: 1_000 };
  const limiter = new RateLimiter(limit, windowMs, () => clock.now);
  const burst = (key: string, count: number) =>
    Array.from({ length: count }, () => limiter.take(key)).filter(Boolean).length;
  return { clock, limiter, burst };
}

describe('RateLimiter', () => {
  it('accepts the limit, then refuses, and says how long to wait', () => {
    const { clock, limiter, burst } = limiterAt(100, 10_000);
    expect(burst('a', 130)).toBe(100);
    clock.now += 2_500;
    expect(limiter.take('a')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(8);
  });

  it('never accepts more than the limit within any window, across window turns (the two-bucket estimate did)', () => {
    const { clock, limiter } = limiterAt(100, 10_000);
    const accepted: number[] = [];
    // One request every 7 ms for 60 s: a steady client well over its limit, crossing six turns.
    for (let t = 0; t < 60_000; t += 7) {
      clock.now = 1_000 + t;
      if (limiter.take('a')) accepted.push(clock.now);
    }
    for (let i = 100; i < accepted.length; i++)
      expect(accepted[i]! - accepted[i - 100]!).toBeGreaterThanOrEqual(10_000);
    // ...and it still gets its full budget: 100 per 10 s, 600 over the minute.
    expect(accepted.length).toBe(600);
  });

  it('refuses the request right after a refused burst, however the burst sat against the window', () => {
    for (const start of [0, 4_000, 9_900]) {
      const { clock, limiter, burst } = limiterAt(100, 10_000);
      clock.now = start;
      burst('a', 60);
      clock.now += 150;
      burst('a', 70);
      clock.now += 20;
      expect(limiter.take('a')).toBe(false);
    }
  });

  it('frees one request for each accepted one that leaves the window', () => {
    const { clock, limiter, burst } = limiterAt(3, 1_000);
    limiter.take('a');
    clock.now += 400;
    expect(burst('a', 5)).toBe(2);
    clock.now += 600;
    expect(burst('a', 5)).toBe(1);
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    clock.now += 399;
    expect(limiter.take('a')).toBe(false);
    clock.now += 1;
    expect(burst('a', 5)).toBe(2);
  });

  it('keeps one budget per key', () => {
    const { limiter, burst } = limiterAt(5, 1_000);
    expect(burst('a', 10)).toBe(5);
    expect(burst('b', 10)).toBe(5);
    expect(limiter.take('a')).toBe(false);
  });

  it('forgets keys idle for a window, so a scan of many addresses does not grow memory', () => {
    const { clock, limiter } = limiterAt(5, 1_000);
    for (let i = 0; i < 1_000; i++) limiter.take(`ip:${i}`);
    expect(limiter.trackedKeys).toBe(1_000);
    clock.now += 1_000;
    limiter.take('ip:late');
    expect(limiter.trackedKeys).toBe(1);
  });

  it('is off at limit 0', () => {
    const { burst } = limiterAt(0, 1_000);
    expect(burst('a', 1_000)).toBe(1_000);
  });
});
