/**
 * Severities as chart series, most severe first (so at the bottom of a stack), in one set of colours
 * for every chart: alerts on the dashboard and in analytics, security events on the admin dashboard.
 */
export const SEVERITY_SERIES = [
  { key: 'critical', label: 'Critical', colorToken: 'red.500' },
  { key: 'high', label: 'High', colorToken: 'orange.400' },
  { key: 'medium', label: 'Medium', colorToken: 'yellow.400' },
  { key: 'low', label: 'Low', colorToken: 'blue.400' },
] as const;
