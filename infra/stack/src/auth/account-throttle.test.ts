import { describe, expect, it } from 'vitest';
import { delayAfter, FORGET_AFTER_SECONDS, throttledError, waitLeft } from './account-throttle.js';

const settings = { accountSignInFailures: 5, accountSignInMaxDelaySeconds: 300 };

describe('account sign-in backoff', () => {
  it('lets the allowed failures pass, then doubles the wait from 5 s up to the cap', () => {
    expect([1, 4].map((n) => delayAfter(n, settings))).toEqual([0, 0]);
    expect([5, 6, 7, 10, 11, 50, 5000].map((n) => delayAfter(n, settings))).toEqual([
      5, 10, 20, 160, 300, 300, 300,
    ]);
  });

  it('is off with account_sign_in_failures = 0', () => {
    expect(delayAfter(1000, { ...settings, accountSignInFailures: 0 })).toBe(0);
  });

  it('counts the wait from the last failure and forgets a count after an hour', () => {
    expect(waitLeft(5, 0.2, settings)).toBe(5);
    expect(waitLeft(5, 4.5, settings)).toBe(1);
    expect(waitLeft(5, 5, settings)).toBe(0);
    expect(waitLeft(12, 299.5, settings)).toBe(1);
    expect(waitLeft(12, FORGET_AFTER_SECONDS, settings)).toBe(0);
  });

  it('answers as GoTrue does over a limit, with Retry-After', () => {
    const error = throttledError(42);
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'over_request_rate_limit',
      'Request rate limit reached',
    ]);
    expect(error.headers).toEqual({ 'Retry-After': '42' });
    expect(throttledError(0).headers['Retry-After']).toBe('1');
  });
});
