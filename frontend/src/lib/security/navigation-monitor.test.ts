import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_MONITOR } from '@/config/constants';
import { installNavigationMonitor, type NavigationMonitor } from './navigation-monitor';

let monitor: NavigationMonitor;
const onUnusual = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  onUnusual.mockReset();
  monitor = installNavigationMonitor(onUnusual);
});
afterEach(() => {
  monitor.stop();
  vi.useRealTimers();
});

describe('navigation monitor', () => {
  it(`reports more than ${SECURITY_MONITOR.maxNavigations} navigations in ${SECURITY_MONITOR.navigationWindowMs} ms`, () => {
    for (let i = 0; i < SECURITY_MONITOR.maxNavigations - 1; i += 1) history.pushState(null, '', `/p${i}`);
    history.replaceState(null, '', '/r');
    expect(onUnusual).not.toHaveBeenCalled();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onUnusual).toHaveBeenCalledWith({
      count: SECURITY_MONITOR.maxNavigations + 1,
      windowMs: SECURITY_MONITOR.navigationWindowMs,
    });
    expect(window.location.pathname).toBe('/r');
  });

  it('lets slower navigation pass', () => {
    for (let i = 0; i <= SECURITY_MONITOR.maxNavigations; i += 1) {
      history.pushState(null, '', `/slow${i}`);
      vi.advanceTimersByTime(SECURITY_MONITOR.navigationWindowMs / SECURITY_MONITOR.maxNavigations);
    }
    expect(onUnusual).not.toHaveBeenCalled();
  });

  it('restores history methods on stop', () => {
    const wrapped = history.pushState;
    monitor.stop();
    expect(history.pushState).not.toBe(wrapped);
    history.pushState(null, '', '/after');
    expect(monitor.window.count()).toBe(0);
  });
});
