/** Runs the performance monitor while the platform is open; starts counting from the page's load event. */
import { useEffect } from 'react';
import {
  buildPerformanceReport,
  reportPerformanceMetrics,
} from '@/features/performance/api/report-performance-metrics';
import {
  createPerformanceMonitor,
  observeBrowserLongTasks,
} from '@/features/performance/utils/performance-monitor';

export function usePerformanceMonitor(): void {
  useEffect(() => {
    const monitor = createPerformanceMonitor({
      source: performance as Performance & { memory?: { usedJSHeapSize: number } },
      report: (metrics) =>
        reportPerformanceMetrics(buildPerformanceReport(metrics, window.location, navigator.userAgent)),
      observeLongTasks: observeBrowserLongTasks,
    });
    const start = () => monitor.start();
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      monitor.stop();
    };
  }, []);
}
