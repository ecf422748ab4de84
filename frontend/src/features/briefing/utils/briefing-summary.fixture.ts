/** Briefing summaries for tests: every figure zero unless a test sets it. */
import type { Attribution, BriefingSummary, ThreatFigures } from './briefing-summary';
import { trendOf } from './trend';

const flat = trendOf(0, 0);

export function briefingSummaryFixture(patch: {
  days?: number;
  alerts?: [current: number, previous: number];
  critical?: number;
  byStatus?: Partial<BriefingSummary['alerts']['byStatus']>;
  malware?: ThreatFigures[];
  actors?: ThreatFigures[];
  kev?: Partial<BriefingSummary['kev']>;
}): BriefingSummary {
  const [current, previous] = patch.alerts ?? [0, 0];
  return {
    days: patch.days ?? 30,
    alerts: {
      total: trendOf(current, previous),
      bySeverity: { critical: trendOf(patch.critical ?? 0, 0), high: flat, medium: flat, low: flat },
      byStatus: { new: 0, acknowledged: 0, investigating: 0, resolved: 0, dismissed: 0, ...patch.byStatus },
      open: 0,
    },
    malware: patch.malware ?? [],
    actors: patch.actors ?? [],
    kev: {
      added: flat,
      addedExposing: flat,
      newExposures: [],
      exposing: [],
      exposedAssets: 0,
      exposingEntries: 0,
      pastDue: 0,
      ransomware: 0,
      ...patch.kev,
    },
    highestTlp: null,
  };
}

export const threatFixture = (
  name: string,
  alerts = 0,
  sightings = 0,
  newIndicators = 0,
  extra: { usedByActors?: number; shared?: boolean; attribution?: Attribution } = {},
): ThreatFigures => ({
  stixId: `malware--${name}`,
  type: 'malware',
  name,
  sources: ['Feed'],
  byAnalyst: false,
  tlp: 'clear',
  alerts: trendOf(alerts, 0),
  sightings: trendOf(sightings, 0),
  newIndicators: trendOf(newIndicators, 0),
  usedByActors: extra.usedByActors ?? null,
  shared: extra.shared ?? false,
  attribution: extra.attribution ?? null,
});
