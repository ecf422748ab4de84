/**
 * Which figure the threat charts draw: alerts when any threat has some, else sightings, else new
 * indicators, so a quiet week still shows what was learnt. The ranking itself comes from the server.
 */
import type { ThreatFigures } from './briefing-summary';

export type ThreatMetric = 'alerts' | 'sightings' | 'newIndicators';

export const THREAT_METRIC_LABELS: Record<ThreatMetric, string> = {
  alerts: 'alerts',
  sightings: 'sightings',
  newIndicators: 'new indicators',
};

export function threatMetric(threats: readonly ThreatFigures[]): ThreatMetric {
  if (threats.some((threat) => threat.alerts.current > 0)) return 'alerts';
  if (threats.some((threat) => threat.sightings.current > 0)) return 'sightings';
  return 'newIndicators';
}
