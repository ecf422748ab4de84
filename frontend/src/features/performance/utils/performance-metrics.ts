/** Pure measurements and decisions of the performance monitor (SPEC §3, §7, §9). */
import { PERFORMANCE } from '@/config/constants';

export interface SlowResource {
  name: string;
  duration: number;
}

export interface PerformanceMetrics {
  domContentLoaded: number;
  loadComplete: number;
  /** Used JS heap in bytes where the browser tells (Chromium); null elsewhere. */
  memoryUsage: number | null;
  slowResources: SlowResource[];
  timestamp: number;
}

/** The slice of `window.performance` the monitor reads; tests pass a fake. */
export interface PerformanceSource {
  getEntriesByType(type: string): PerformanceEntryList;
  memory?: { usedJSHeapSize: number };
}

// The edge function accepts at most 16 KB per report and 100 resources; 50 short names stay far below.
const MAX_SLOW_RESOURCES = 50;
const MAX_RESOURCE_NAME = 200;
const MAX_MILLISECONDS = 3_600_000;

function milliseconds(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.round(value), MAX_MILLISECONDS);
}

/** Query strings and fragments can carry tokens; the report keeps only where the resource lives. */
export function resourceName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.slice(0, MAX_RESOURCE_NAME);
  } catch {
    return url.split(/[?#]/)[0]!.slice(0, MAX_RESOURCE_NAME);
  }
}

export function collectMetrics(source: PerformanceSource, now: number): PerformanceMetrics {
  const [navigation] = source.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const slowResources = source
    .getEntriesByType('resource')
    .filter((entry) => entry.duration > PERFORMANCE.slowResourceMs)
    .slice(0, MAX_SLOW_RESOURCES)
    .map((entry) => ({ name: resourceName(entry.name), duration: milliseconds(entry.duration) }));
  const heap = source.memory?.usedJSHeapSize;
  return {
    domContentLoaded: milliseconds(navigation?.domContentLoadedEventEnd),
    loadComplete: milliseconds(navigation?.loadEventEnd),
    memoryUsage: heap !== undefined && Number.isFinite(heap) && heap >= 0 ? heap : null,
    slowResources,
    timestamp: now,
  };
}

export function isCritical(metrics: PerformanceMetrics): boolean {
  return (
    metrics.domContentLoaded > PERFORMANCE.criticalDomContentLoadedMs ||
    metrics.loadComplete > PERFORMANCE.criticalLoadCompleteMs ||
    metrics.slowResources.length > PERFORMANCE.criticalSlowResourceCount
  );
}

/** SPEC §7: a report goes out only for slow DOM content or too many slow resources (not for load alone). */
export function shouldReport(metrics: PerformanceMetrics): boolean {
  return (
    metrics.domContentLoaded > PERFORMANCE.criticalDomContentLoadedMs ||
    metrics.slowResources.length > PERFORMANCE.criticalSlowResourceCount
  );
}

export function keepLatestSamples(
  samples: readonly PerformanceMetrics[],
  next: PerformanceMetrics,
): PerformanceMetrics[] {
  return [...samples, next].slice(-PERFORMANCE.keptSamples);
}
