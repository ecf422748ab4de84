/** Alert severities, most severe first, in the colours the dashboard uses. */
export const SEVERITIES = [
  { key: 'critical', label: 'Critical', colorToken: 'red.500' },
  { key: 'high', label: 'High', colorToken: 'orange.400' },
  { key: 'medium', label: 'Medium', colorToken: 'yellow.400' },
  { key: 'low', label: 'Low', colorToken: 'blue.400' },
] as const;
