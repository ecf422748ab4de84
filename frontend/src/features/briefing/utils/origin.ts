/**
 * Where each family and actor the briefing names comes from (issue 36): the sources that delivered
 * it, or an analyst of this platform, who may write actors and families by hand. An analyst's entry
 * is named as such wherever the briefing names it, never as if a source had reported it.
 */
import type { ThreatFigures } from './briefing-summary';
import { joinList } from './words';

type Origin = Pick<ThreatFigures, 'name' | 'sources' | 'byAnalyst'>;

export const ANALYST_ENTRY = 'an analyst’s entry';

/** "Emotet" from a feed; "Night Owl (an analyst’s entry)" when an analyst wrote it. */
export function spokenName(threat: Origin): string {
  return threat.byAnalyst ? `${threat.name} (${ANALYST_ENTRY})` : threat.name;
}

/** "from abuse.ch ThreatFox and MISP", "an analyst’s entry", "no source recorded": under each bar. */
export function originNote(threat: Origin): string {
  const sources = joinList(threat.sources);
  if (threat.byAnalyst) return sources ? `${ANALYST_ENTRY} (also from ${sources})` : ANALYST_ENTRY;
  return sources ? `from ${sources}` : 'no source recorded';
}
