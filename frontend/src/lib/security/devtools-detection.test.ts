import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_MONITOR } from '@/config/constants';
import { devToolsLikelyOpen, watchDevTools } from './devtools-detection';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const closed = { outerWidth: 1400, innerWidth: 1400, outerHeight: 900, innerHeight: 820 };

describe('dev-tools detection', () => {
  it(`treats a size gap above ${SECURITY_MONITOR.devToolsThresholdPx} px as open`, () => {
    expect(devToolsLikelyOpen(closed)).toBe(false);
    const gap = SECURITY_MONITOR.devToolsThresholdPx;
    expect(devToolsLikelyOpen({ ...closed, innerWidth: closed.outerWidth - gap })).toBe(false);
    expect(devToolsLikelyOpen({ ...closed, innerWidth: closed.outerWidth - gap - 1 })).toBe(true);
    expect(devToolsLikelyOpen({ ...closed, innerHeight: closed.outerHeight - gap - 1 })).toBe(true);
  });

  it(`checks every ${SECURITY_MONITOR.devToolsCheckMs} ms and reports once per opening`, () => {
    const size = { ...closed };
    const onOpened = vi.fn();
    const stop = watchDevTools(onOpened, size);
    size.innerWidth = 900;
    vi.advanceTimersByTime(SECURITY_MONITOR.devToolsCheckMs - 1);
    expect(onOpened).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOpened).toHaveBeenCalledWith({ widthGap: 500, heightGap: 80 });
    vi.advanceTimersByTime(SECURITY_MONITOR.devToolsCheckMs * 10);
    expect(onOpened).toHaveBeenCalledTimes(1);
    size.innerWidth = closed.innerWidth;
    vi.advanceTimersByTime(SECURITY_MONITOR.devToolsCheckMs);
    size.innerWidth = 900;
    vi.advanceTimersByTime(SECURITY_MONITOR.devToolsCheckMs);
    expect(onOpened).toHaveBeenCalledTimes(2);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
