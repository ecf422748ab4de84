import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_MONITOR } from '@/config/constants';
import { installRequestMonitor, type RequestMonitor } from './request-monitor';

let monitor: RequestMonitor;
const onExcessive = vi.fn();
const realFetch = vi.fn(() => Promise.resolve(new Response('ok')));

beforeEach(() => {
  vi.useFakeTimers();
  onExcessive.mockReset();
  window.fetch = realFetch as unknown as typeof fetch;
  monitor = installRequestMonitor(onExcessive);
});
afterEach(() => {
  monitor.stop();
  vi.useRealTimers();
});

describe('request monitor', () => {
  it(`reports more than ${SECURITY_MONITOR.maxRequests} requests in ${SECURITY_MONITOR.requestWindowMs} ms, once`, async () => {
    for (let i = 0; i < SECURITY_MONITOR.maxRequests; i += 1) await fetch('/a');
    expect(onExcessive).not.toHaveBeenCalled();
    await fetch('/a');
    await fetch('/a');
    expect(onExcessive).toHaveBeenCalledTimes(1);
    expect(onExcessive).toHaveBeenCalledWith({
      count: SECURITY_MONITOR.maxRequests + 1,
      windowMs: SECURITY_MONITOR.requestWindowMs,
    });
  });

  it('does not report the same number spread over more than the window', async () => {
    for (let i = 0; i <= SECURITY_MONITOR.maxRequests; i += 1) {
      await fetch('/a');
      vi.advanceTimersByTime(SECURITY_MONITOR.requestWindowMs / SECURITY_MONITOR.maxRequests);
    }
    expect(onExcessive).not.toHaveBeenCalled();
  });

  it('counts XMLHttpRequest.open and never blocks a request', async () => {
    for (let i = 0; i <= SECURITY_MONITOR.maxRequests; i += 1) new XMLHttpRequest().open('GET', '/x');
    expect(onExcessive).toHaveBeenCalledTimes(1);
    const response = await fetch('/still-works');
    expect(await response.text()).toBe('ok');
    expect(realFetch).toHaveBeenLastCalledWith('/still-works');
  });

  it('restores fetch and open on stop', () => {
    const open = XMLHttpRequest.prototype.open;
    monitor.stop();
    expect(window.fetch).toBe(realFetch);
    expect(XMLHttpRequest.prototype.open).not.toBe(open);
  });
});
