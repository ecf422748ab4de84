import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerformanceMetrics } from '@/features/performance/utils/performance-metrics';
import { buildPerformanceReport, reportPerformanceMetrics } from './report-performance-metrics';

const invoke = vi.hoisted(() => vi.fn());
const log = vi.hoisted(() => ({
  debug: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  critical: vi.fn(),
}));
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ functions: { invoke } }) }));
vi.mock('@/lib/security/logger', () => ({ createLogger: () => log }));

const metrics: PerformanceMetrics = {
  domContentLoaded: 6000,
  loadComplete: 7000,
  memoryUsage: null,
  slowResources: [],
  timestamp: Date.parse('2025-06-01T12:00:00.000Z'),
};

beforeEach(() => {
  invoke.mockReset();
  for (const method of Object.values(log)) method.mockReset();
});

describe('performance report', () => {
  it('has the shape the edge function accepts, without query string or fragment', () => {
    const location = { origin: 'https://cti.example', pathname: '/platform/dashboard' } as Location;
    expect(buildPerformanceReport(metrics, location, 'x'.repeat(600))).toEqual({
      metrics,
      url: 'https://cti.example/platform/dashboard',
      timestamp: '2025-06-01T12:00:00.000Z',
      userAgent: 'x'.repeat(512),
    });
  });

  it('posts the report to performance-metrics', async () => {
    invoke.mockResolvedValue({ data: { accepted: true }, error: null });
    const report = buildPerformanceReport(metrics, window.location, navigator.userAgent);
    await reportPerformanceMetrics(report);
    expect(invoke).toHaveBeenCalledWith('performance-metrics', { body: report });
  });

  it('ignores failures, leaving only a debug log entry', async () => {
    invoke.mockResolvedValueOnce({
      data: null,
      error: new Error('Edge Function returned a non-2xx status code'),
    });
    invoke.mockRejectedValueOnce(new Error('Failed to send a request to the Edge Function'));
    const report = buildPerformanceReport(metrics, window.location, navigator.userAgent);
    await expect(reportPerformanceMetrics(report)).resolves.toBeUndefined();
    await expect(reportPerformanceMetrics(report)).resolves.toBeUndefined();
    expect(log.debug).toHaveBeenCalledTimes(2);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });
});
