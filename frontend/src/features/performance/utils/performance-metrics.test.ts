import { describe, expect, it } from 'vitest';
import { PERFORMANCE } from '@/config/constants';
import {
  collectMetrics,
  isCritical,
  keepLatestSamples,
  resourceName,
  shouldReport,
  type PerformanceMetrics,
  type PerformanceSource,
} from './performance-metrics';

function source({
  domContentLoaded = 800,
  loadComplete = 1500,
  resources = [] as Array<{ name: string; duration: number }>,
  heap,
}: {
  domContentLoaded?: number;
  loadComplete?: number;
  resources?: Array<{ name: string; duration: number }>;
  heap?: number;
} = {}): PerformanceSource {
  const navigation = {
    domContentLoadedEventEnd: domContentLoaded,
    loadEventEnd: loadComplete,
  } as unknown as PerformanceEntry;
  return {
    getEntriesByType: (type: string) =>
      type === 'navigation' ? [navigation] : type === 'resource' ? (resources as PerformanceEntry[]) : [],
    ...(heap === undefined ? {} : { memory: { usedJSHeapSize: heap } }),
  };
}

function metrics(overrides: Partial<PerformanceMetrics> = {}): PerformanceMetrics {
  return {
    domContentLoaded: 800,
    loadComplete: 1500,
    memoryUsage: null,
    slowResources: [],
    timestamp: 1,
    ...overrides,
  };
}

function slow(count: number) {
  return Array.from({ length: count }, (_, i) => ({ name: `https://cdn.example/${i}.js`, duration: 1500 }));
}

describe('collectMetrics', () => {
  it('reads navigation timings, memory where available, and resources slower than 1 s', () => {
    const result = collectMetrics(
      source({
        domContentLoaded: 1234.6,
        loadComplete: 2345.2,
        heap: 42_000_000,
        resources: [
          { name: 'https://cdn.example/app.js?token=abc#x', duration: PERFORMANCE.slowResourceMs + 1 },
          { name: 'https://cdn.example/fast.css', duration: PERFORMANCE.slowResourceMs },
        ],
      }),
      99,
    );
    expect(result).toEqual({
      domContentLoaded: 1235,
      loadComplete: 2345,
      memoryUsage: 42_000_000,
      slowResources: [{ name: 'https://cdn.example/app.js', duration: PERFORMANCE.slowResourceMs + 1 }],
      timestamp: 99,
    });
  });

  it('gives null memory and zero timings when the browser does not tell', () => {
    const empty: PerformanceSource = { getEntriesByType: () => [] };
    expect(collectMetrics(empty, 5)).toEqual({
      domContentLoaded: 0,
      loadComplete: 0,
      memoryUsage: null,
      slowResources: [],
      timestamp: 5,
    });
  });

  it('drops query strings and fragments from resource names', () => {
    expect(resourceName('https://api.example/rest/v1/x?apikey=secret')).toBe('https://api.example/rest/v1/x');
    expect(resourceName('not a url?q=1')).toBe('not a url');
  });
});

describe('thresholds', () => {
  it('is critical past 5 s DOM content, 10 s load, or more than 5 slow resources', () => {
    expect(isCritical(metrics())).toBe(false);
    expect(isCritical(metrics({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs }))).toBe(false);
    expect(isCritical(metrics({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs + 1 }))).toBe(true);
    expect(isCritical(metrics({ loadComplete: PERFORMANCE.criticalLoadCompleteMs + 1 }))).toBe(true);
    expect(isCritical(metrics({ slowResources: slow(PERFORMANCE.criticalSlowResourceCount) }))).toBe(false);
    expect(isCritical(metrics({ slowResources: slow(PERFORMANCE.criticalSlowResourceCount + 1) }))).toBe(
      true,
    );
  });

  it('reports only slow DOM content or too many slow resources, not a slow load alone', () => {
    expect(shouldReport(metrics({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs }))).toBe(false);
    expect(shouldReport(metrics({ domContentLoaded: PERFORMANCE.criticalDomContentLoadedMs + 1 }))).toBe(
      true,
    );
    expect(shouldReport(metrics({ slowResources: slow(PERFORMANCE.criticalSlowResourceCount + 1) }))).toBe(
      true,
    );
    expect(shouldReport(metrics({ loadComplete: PERFORMANCE.criticalLoadCompleteMs + 1 }))).toBe(false);
  });
});

describe('keepLatestSamples', () => {
  it('keeps the last 5 samples, newest last', () => {
    let samples: PerformanceMetrics[] = [];
    for (let i = 1; i <= 7; i++) samples = keepLatestSamples(samples, metrics({ timestamp: i }));
    expect(samples.map((sample) => sample.timestamp)).toEqual([3, 4, 5, 6, 7]);
    expect(samples).toHaveLength(PERFORMANCE.keptSamples);
  });
});
