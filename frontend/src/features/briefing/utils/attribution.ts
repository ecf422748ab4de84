/**
 * Who is behind the activity, said with the confidence the evidence allows. An actor is named only on
 * evidence specific to it (moderate) or a family few actors use (low); tools many actors use (Cobalt
 * Strike) attribute nothing, and the briefing says so rather than naming their dozens of users.
 */
import type { Attribution, BriefingSummary, ThreatFigures } from './briefing-summary';
import { ANALYST_ENTRY, spokenName } from './origin';
import { threatActivity } from './threat-metric';
import { countOf, isAre, joinList } from './words';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const FOLLOWERS = 2;
const LISTED_TOOLS = 3;

/** "3 indicators from TA505's reports", "it uses Havoc, which few known actors use". */
export function evidencePhrase(name: string, attribution: Attribution): string {
  const { evidence, count } = attribution;
  if (evidence === 'direct') return `${countOf(count, 'direct link')} to ${name}`;
  if (evidence === 'campaigns') return `${countOf(count, 'indicator')} of ${name}’s campaigns`;
  if (evidence === 'reports') return `${countOf(count, 'indicator')} from ${name}’s reports`;
  const families = attribution.viaSoftware;
  return `it uses ${joinList(families)}, which few known actors use`;
}

/** "moderate confidence: 3 indicators from TA505's reports": why an actor is on the chart. */
export function attributionNote(actor: ThreatFigures): string {
  if (!actor.attribution) return '';
  return `${actor.attribution.confidence} confidence: ${evidencePhrase(actor.name, actor.attribution)}`;
}

/** Active families many actors use: "Cobalt Strike: 29 known actors". */
function sharedTools(summary: BriefingSummary): ThreatFigures[] {
  return summary.malware.filter(
    (family) =>
      family.shared && family.alerts.current + family.sightings.current + family.newIndicators.current > 0,
  );
}

function unattributed(summary: BriefingSummary): string {
  const head = 'No activity could be attributed to a specific actor';
  const tools = sharedTools(summary);
  if (tools.length === 0) return `${head}.`;
  const subject = tools.some((tool) => tool.alerts.current > 0)
    ? 'the alerts involve'
    : 'the activity involves';
  const listed = tools
    .slice(0, LISTED_TOOLS)
    .map((tool) => `${tool.name}: ${countOf(tool.usedByActors ?? 0, 'known actor')}`);
  return `${head}; ${subject} commodity tools used by many actors (${listed.join('; ')}).`;
}

export function actorSentence(summary: BriefingSummary): string {
  const actors = summary.actors.filter((actor) => actor.attribution !== null);
  const [top, ...rest] = actors;
  if (!top?.attribution) return unattributed(summary);
  // What is linked, not "the activity": the actor's own share of it, so an unattributed alert stays so.
  const items = top.alerts.current + top.sightings.current + top.newIndicators.current;
  const linked =
    top.attribution.confidence === 'moderate' ? `${isAre(items)} most likely linked to` : 'may be linked to';
  const followers = rest
    .slice(0, FOLLOWERS)
    .map((actor) => `${spokenName(actor)} (${actor.attribution?.confidence ?? 'low'} confidence)`);
  const followed = followers.length > 0 ? `, followed by ${joinList(followers)}` : '';
  const entry = top.byAnalyst ? `${ANALYST_ENTRY}; ` : '';
  return `${capitalised(threatActivity(top))} ${linked} ${top.name} (${entry}${attributionNote(top)})${followed}.`;
}
