/**
 * Samples page performance 2 s after load and then every 60 s, keeps the last 5 samples, reports the
 * slow ones, and watches for long tasks (SPEC §9). Framework-free so the timing rules test with fake timers.
 */
import { PERFORMANCE } from '@/config/constants';
import { createLogger } from '@/lib/security/logger';
import {
  collectMetrics,
  isCritical,
  keepLatestSamples,
  shouldReport,
  type PerformanceMetrics,
  type PerformanceSource,
} from './performance-metrics';

const logger = createLogger('performance');

export interface PerformanceMonitorDeps {
  source: PerformanceSource;
  report: (metrics: PerformanceMetrics) => Promise<void>;
  now?: () => number;
  /** Starts watching long tasks; returns the function that stops it. */
  observeLongTasks?: (onLongTask: (durationMs: number) => void) => () => void;
}

export interface PerformanceMonitor {
  start(): void;
  stop(): void;
  samples(): readonly PerformanceMetrics[];
  longTaskCount(): number;
}

export function createPerformanceMonitor(deps: PerformanceMonitorDeps): PerformanceMonitor {
  const now = deps.now ?? Date.now;
  let samples: PerformanceMetrics[] = [];
  let longTasks = 0;
  let firstRun: ReturnType<typeof setTimeout> | undefined;
  let interval: ReturnType<typeof setInterval> | undefined;
  let stopObserving: (() => void) | undefined;

  function sample() {
    const metrics = collectMetrics(deps.source, now());
    samples = keepLatestSamples(samples, metrics);
    if (isCritical(metrics))
      logger.warn('Critical page performance', { ...metrics, slowResources: metrics.slowResources.length });
    if (shouldReport(metrics)) void deps.report(metrics).catch(() => undefined);
  }

  function onLongTask(durationMs: number) {
    if (durationMs <= PERFORMANCE.longTaskMs || longTasks >= PERFORMANCE.maxLongTasks) return;
    longTasks += 1;
    logger.warn('Long task', { durationMs: Math.round(durationMs) });
    if (longTasks >= PERFORMANCE.maxLongTasks) stopObserving?.();
  }

  return {
    start() {
      if (firstRun !== undefined || interval !== undefined) return;
      firstRun = setTimeout(() => {
        firstRun = undefined;
        sample();
        interval = setInterval(sample, PERFORMANCE.reportIntervalMs);
      }, PERFORMANCE.firstRunDelayMs);
      stopObserving = deps.observeLongTasks?.(onLongTask);
    },
    stop() {
      clearTimeout(firstRun);
      clearInterval(interval);
      firstRun = undefined;
      interval = undefined;
      stopObserving?.();
      stopObserving = undefined;
    },
    samples: () => samples,
    longTaskCount: () => longTasks,
  };
}

/** Long tasks from the browser's PerformanceObserver, where supported. */
export function observeBrowserLongTasks(onLongTask: (durationMs: number) => void): () => void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('longtask')
  ) {
    return () => undefined;
  }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onLongTask(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: true });
  return () => observer.disconnect();
}
