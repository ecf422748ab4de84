import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERFORMANCE } from '@/config/constants';
import { createPerformanceMonitor } from './performance-monitor';
import type { PerformanceSource } from './performance-metrics';

function sourceWith(timings: { domContentLoaded: number; slowResources?: number }): PerformanceSource {
  const navigation = {
    domContentLoadedEventEnd: timings.domContentLoaded,
    loadEventEnd: 0,
  } as unknown as PerformanceEntry;
  const resources = Array.from({ length: timings.slowResources ?? 0 }, (_, i) => ({
    name: `https://cdn.example/${i}.js`,
    duration: PERFORMANCE.slowResourceMs + 1,
  })) as PerformanceEntry[];
  return {
    getEntriesByType: (type) => (type === 'navigation' ? [navigation] : type === 'resource' ? resources : []),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('performance monitor', () => {
  it('samples first 2 s after start and then every 60 s, keeping the last 5', () => {
    let clock = 0;
    const monitor = createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: 100 }),
      report: vi.fn(),
      now: () => ++clock,
    });
    monitor.start();
    vi.advanceTimersByTime(PERFORMANCE.firstRunDelayMs - 1);
    expect(monitor.samples()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(monitor.samples()).toHaveLength(1);
    vi.advanceTimersByTime(PERFORMANCE.reportIntervalMs - 1);
    expect(monitor.samples()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(monitor.samples()).toHaveLength(2);
    vi.advanceTimersByTime(PERFORMANCE.reportIntervalMs * 6);
    expect(monitor.samples().map((sample) => sample.timestamp)).toEqual([4, 5, 6, 7, 8]);
    monitor.stop();
    vi.advanceTimersByTime(PERFORMANCE.reportIntervalMs * 2);
    expect(monitor.samples().at(-1)?.timestamp).toBe(8);
  });

  it('reports only samples past the thresholds', () => {
    const quiet = vi.fn().mockResolvedValue(undefined);
    const fine = createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: 4000, slowResources: 5 }),
      report: quiet,
    });
    fine.start();
    vi.advanceTimersByTime(PERFORMANCE.firstRunDelayMs + PERFORMANCE.reportIntervalMs);
    expect(quiet).not.toHaveBeenCalled();
    fine.stop();

    const slowDom = vi.fn().mockResolvedValue(undefined);
    createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs + 1 }),
      report: slowDom,
    }).start();
    vi.advanceTimersByTime(PERFORMANCE.firstRunDelayMs);
    expect(slowDom).toHaveBeenCalledTimes(1);
    expect(slowDom.mock.calls[0]![0]).toMatchObject({
      domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs + 1,
    });

    const manySlow = vi.fn().mockResolvedValue(undefined);
    createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: 100, slowResources: 6 }),
      report: manySlow,
    }).start();
    vi.advanceTimersByTime(PERFORMANCE.firstRunDelayMs);
    expect(manySlow).toHaveBeenCalledTimes(1);
  });

  it('keeps running when a report fails', async () => {
    const report = vi.fn().mockRejectedValue(new Error('Edge Function returned a non-2xx status code'));
    const monitor = createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs + 1 }),
      report,
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(PERFORMANCE.firstRunDelayMs + PERFORMANCE.reportIntervalMs);
    expect(report).toHaveBeenCalledTimes(2);
    expect(monitor.samples()).toHaveLength(2);
    monitor.stop();
  });

  it('counts long tasks over 200 ms and stops observing after 10', () => {
    let emit: (durationMs: number) => void = () => undefined;
    const disconnect = vi.fn();
    const monitor = createPerformanceMonitor({
      source: sourceWith({ domContentLoaded: 100 }),
      report: vi.fn(),
      observeLongTasks: (onLongTask) => {
        emit = onLongTask;
        return disconnect;
      },
    });
    monitor.start();
    emit(PERFORMANCE.longTaskMs);
    expect(monitor.longTaskCount()).toBe(0);
    for (let i = 0; i < PERFORMANCE.maxLongTasks + 3; i++) emit(PERFORMANCE.longTaskMs + 1);
    expect(monitor.longTaskCount()).toBe(PERFORMANCE.maxLongTasks);
    expect(disconnect).toHaveBeenCalled();
    monitor.stop();
  });
});
