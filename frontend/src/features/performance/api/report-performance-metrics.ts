/** Sends a slow sample to the `performance-metrics` edge function; failures only reach the debug log. */
import { createLogger } from '@/lib/security/logger';
import { supabase } from '@/lib/supabase';
import type { PerformanceMetrics } from '@/features/performance/utils/performance-metrics';

const logger = createLogger('performance');
const MAX_USER_AGENT = 512;

export interface PerformanceReport {
  metrics: PerformanceMetrics;
  url: string;
  timestamp: string;
  userAgent: string;
}

/** The report body the function's schema accepts: page address without query or fragment. */
export function buildPerformanceReport(
  metrics: PerformanceMetrics,
  location: Location,
  userAgent: string,
): PerformanceReport {
  return {
    metrics,
    url: `${location.origin}${location.pathname}`,
    timestamp: new Date(metrics.timestamp).toISOString(),
    userAgent: userAgent.slice(0, MAX_USER_AGENT),
  };
}

export async function reportPerformanceMetrics(report: PerformanceReport): Promise<void> {
  try {
    const { error } = await supabase().functions.invoke('performance-metrics', { body: report });
    if (error) logger.debug('Performance report not accepted', { message: error.message });
  } catch (error) {
    logger.debug('Performance report failed', {
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
