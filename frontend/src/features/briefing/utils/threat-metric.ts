/**
 * Which figure the threat charts draw: alerts when any threat has some, else sightings, else new
 * indicators, so a quiet week still shows what was learnt. The ranking itself comes from the server.
 * And a threat's activity in words, for the sentences that name it.
 */
import type { ThreatFigures } from './briefing-summary';
import { countOf, joinList } from './words';

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

/** "26 alerts, 41 sightings and 360 new indicators" (zero parts left out). */
export function threatActivity(threat: ThreatFigures): string {
  return joinList(
    [
      threat.alerts.current > 0 ? countOf(threat.alerts.current, 'alert') : '',
      threat.sightings.current > 0 ? countOf(threat.sightings.current, 'sighting') : '',
      threat.newIndicators.current > 0 ? countOf(threat.newIndicators.current, 'new indicator') : '',
    ].filter(Boolean),
  );
}
