import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_DETAILS_BYTES,
  REPORTER_LIMITS,
  createSecurityEventReporter,
  fitDetails,
} from './event-reporter';
import { clearLogs, recentLogEntries } from './logger';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  clearLogs();
});
afterEach(() => vi.useRealTimers());

/** What the server measures: octet_length(details::text), jsonb text with ': ' and ', ' separators. */
function serverBytes(details: object): number {
  const spaced = JSON.stringify(details).replace(/[:,]/g, (c) => `${c} `);
  return new TextEncoder().encode(spaced).length;
}

describe('security event reporter', () => {
  it('sends the type and details through the injected transport', () => {
    const send = vi.fn();
    const report = createSecurityEventReporter(send);
    report('bot_detected', { indicators: ['webdriver', 'no_plugins'] });
    expect(send).toHaveBeenCalledWith('bot_detected', { indicators: ['webdriver', 'no_plugins'] });
  });

  it(`sends at most ${REPORTER_LIMITS.maxPerWindow} events per window, then again after it`, () => {
    const send = vi.fn();
    const report = createSecurityEventReporter(send);
    for (let i = 0; i < REPORTER_LIMITS.maxPerWindow + 10; i += 1) report('devtools_opened', { i });
    expect(send).toHaveBeenCalledTimes(REPORTER_LIMITS.maxPerWindow);
    expect(recentLogEntries().filter((e) => e.message.includes('rate-limited'))).toHaveLength(1);
    vi.advanceTimersByTime(REPORTER_LIMITS.windowMs);
    report('devtools_opened');
    expect(send).toHaveBeenCalledTimes(REPORTER_LIMITS.maxPerWindow + 1);
  });

  it('swallows thrown and rejected failures and logs them once per window', async () => {
    const report = createSecurityEventReporter(() => Promise.reject(new Error('offline')));
    const throwing = createSecurityEventReporter(() => {
      throw new Error('not configured');
    });
    expect(() => {
      report('csp_violation');
      report('csp_violation');
      throwing('csp_violation');
    }).not.toThrow();
    await vi.runAllTimersAsync();
    const warnings = recentLogEntries().filter((e) => e.message.includes('could not be sent'));
    expect(warnings.map((w) => w.context?.reason)).toEqual(['not configured', 'offline']);
  });
});

describe('fitDetails', () => {
  it('keeps small details unchanged', () => {
    const details = { preview: 'x'.repeat(100) };
    expect(fitDetails(details)).toBe(details);
  });

  it(`cuts large details to fit the server's ${MAX_DETAILS_BYTES}-byte limit, counting jsonb spacing`, () => {
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i]));
    const wide = { preview: 'ü'.repeat(5000) };
    for (const details of [many, wide]) {
      const fitted = fitDetails(details);
      expect(fitted).toMatchObject({ truncated: true });
      expect(serverBytes(fitted)).toBeLessThanOrEqual(MAX_DETAILS_BYTES);
    }
  });

  it('replaces details that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(fitDetails(cyclic)).toEqual({ unserializable: true });
  });
});
