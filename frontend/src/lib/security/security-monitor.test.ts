import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGS, SECURITY_MONITOR } from '@/config/constants';
import { clearLogs, createLogger, recentLogEntries, storedLogEntries } from './logger';
import { installSecurityMonitors } from './security-monitor';

const report = vi.fn();
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  clearLogs();
  report.mockReset();
  window.fetch = vi.fn(() => Promise.resolve(new Response(''))) as unknown as typeof fetch;
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('security monitors', () => {
  it('report excessive requests and unusual navigation through the reporter and the logger', async () => {
    stop = installSecurityMonitors(report);
    for (let i = 0; i <= SECURITY_MONITOR.maxRequests; i += 1) await fetch('/r');
    for (let i = 0; i <= SECURITY_MONITOR.maxNavigations; i += 1) history.pushState(null, '', `/n${i}`);
    expect(report.mock.calls.map(([type]) => type)).toEqual(['excessive_requests', 'unusual_navigation']);
    expect(recentLogEntries().map((e) => e.context?.event_type)).toEqual([
      'excessive_requests',
      'unusual_navigation',
    ]);
  });

  it('reports a likely bot once at start', () => {
    // jsdom has no navigator.webdriver; an own property shadows nothing and is removed afterwards.
    Object.defineProperty(navigator, 'webdriver', { value: true, configurable: true });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    try {
      stop = installSecurityMonitors(report);
    } finally {
      Reflect.deleteProperty(navigator, 'webdriver');
    }
    expect(report).toHaveBeenCalledWith('bot_detected', {
      indicators: expect.arrayContaining(['webdriver', 'no_languages']),
      of: SECURITY_MONITOR.botIndicatorCount,
    });
  });

  it('reports opened dev tools and CSP violations', () => {
    stop = installSecurityMonitors(report);
    vi.spyOn(window, 'outerWidth', 'get').mockReturnValue(
      window.innerWidth + SECURITY_MONITOR.devToolsThresholdPx + 1,
    );
    vi.advanceTimersByTime(SECURITY_MONITOR.devToolsCheckMs);
    const violation = Object.assign(new Event('securitypolicyviolation'), {
      effectiveDirective: 'script-src',
      blockedURI: 'inline',
      sourceFile: 'https://app.example/x.js',
    });
    document.dispatchEvent(violation);
    expect(report).toHaveBeenCalledWith('devtools_opened', expect.objectContaining({ widthGap: 161 }));
    expect(report).toHaveBeenCalledWith('csp_violation', {
      directive: 'script-src',
      blocked: 'inline',
      source: 'https://app.example/x.js',
    });
  });

  it(`cleans up every ${SECURITY_MONITOR.cleanupMs} ms: old timestamps and expired log entries`, () => {
    stop = installSecurityMonitors(report);
    createLogger('old').info('expires');
    // Jump the clock (running a week of 500 ms dev-tools checks would take minutes), then let cleanups run.
    vi.setSystemTime(Date.now() + LOGS.retentionMs - SECURITY_MONITOR.cleanupMs - 1000);
    vi.advanceTimersByTime(SECURITY_MONITOR.cleanupMs);
    expect(storedLogEntries()).toHaveLength(1);
    vi.advanceTimersByTime(SECURITY_MONITOR.cleanupMs);
    expect(storedLogEntries()).toHaveLength(0);
  });

  it('leaves no timer or wrapper behind when stopped', () => {
    const fetchBefore = window.fetch;
    const pushBefore = history.pushState;
    stop();
    stop = installSecurityMonitors(report);
    stop();
    stop = () => undefined;
    expect(vi.getTimerCount()).toBe(0);
    expect(window.fetch).toBe(fetchBefore);
    expect(history.pushState).toBe(pushBefore);
  });
});
