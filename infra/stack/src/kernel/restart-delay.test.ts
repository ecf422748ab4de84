import { describe, expect, it } from 'vitest';
import { restartDelay } from './restart-delay.js';

describe('restart backoff', () => {
  it('starts at half a second, doubles, and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });
});
