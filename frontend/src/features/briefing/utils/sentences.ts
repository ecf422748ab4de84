/**
 * The briefing in plain sentences, built from its figures: "12 alerts were raised in the last 30 days,
 * 4 fewer than in the 30 days before; 3 were critical." Zero, one and many each read as English.
 */
import { formatInteger } from '@/lib/format/format';
import { actorSentence } from './attribution';
import type { BriefingSummary, Status } from './briefing-summary';
import { spokenName } from './origin';
import { threatActivity } from './threat-metric';
import type { Trend } from './trend';
import { countOf, hasHave, isAre, joinList, periodPhrase, previousPeriodPhrase, wasWere } from './words';

/** ", 4 fewer than in the 30 days before", ", against none in …", ", the same number as in …". */
function comparison(trend: Trend, days: number): string {
  const before = previousPeriodPhrase(days);
  if (trend.current === 0 && trend.previous === 0) return `, as in ${before}`;
  if (trend.previous === 0) return `, against none in ${before}`;
  if (trend.current === 0) return `, against ${formatInteger(trend.previous)} in ${before}`;
  if (trend.delta === 0) return `, the same number as in ${before}`;
  return `, ${formatInteger(Math.abs(trend.delta))} ${trend.delta < 0 ? 'fewer' : 'more'} than in ${before}`;
}

/** "No alerts were", "1 alert was", "12 alerts were". */
function raisedCount(count: number, singular: string, pluralForm?: string): string {
  const noun = count === 0 ? `No ${pluralForm ?? `${singular}s`}` : countOf(count, singular, pluralForm);
  return `${noun} ${count === 1 ? 'was' : 'were'}`;
}

/** "; 3 were critical", "; it was critical", "; none was critical", "; all were critical". */
function partOf(part: number, whole: number, predicate: string): string {
  if (whole === 1) return part === 1 ? `it was ${predicate}` : `it was not ${predicate}`;
  if (part === 0) return `none was ${predicate}`;
  if (part === whole) return whole === 2 ? `both were ${predicate}` : `all were ${predicate}`;
  return `${formatInteger(part)} ${wasWere(part)} ${predicate}`;
}

export function alertSentence(summary: BriefingSummary): string {
  const { total, bySeverity } = summary.alerts;
  const head = `${raisedCount(total.current, 'alert')} raised in ${periodPhrase(summary.days)}${comparison(total, summary.days)}`;
  if (total.current === 0) return `${head}.`;
  return `${head}; ${partOf(bySeverity.critical.current, total.current, 'critical')}.`;
}

const STATUS_PHRASES: Record<Status, (count: number) => string> = {
  new: (count) => `${isAre(count)} new`,
  acknowledged: (count) => `${hasHave(count)} been acknowledged`,
  investigating: (count) => `${isAre(count)} under investigation`,
  resolved: (count) => `${hasHave(count)} been resolved`,
  dismissed: (count) => `${hasHave(count)} been dismissed`,
};

/** Where this period's alerts stand today; null when there were none. */
export function statusSentence(summary: BriefingSummary): string | null {
  const total = summary.alerts.total.current;
  if (total === 0) return null;
  const present = (Object.keys(STATUS_PHRASES) as Status[]).filter(
    (status) => summary.alerts.byStatus[status] > 0,
  );
  if (present.length === 1) {
    const only = present[0]!;
    const subject = total === 1 ? 'It' : total === 2 ? 'Both' : 'All of them';
    return `${subject} ${STATUS_PHRASES[only](total)}.`;
  }
  const parts = present.map((status) => {
    const count = summary.alerts.byStatus[status];
    return `${formatInteger(count)} ${STATUS_PHRASES[status](count)}`;
  });
  return `Of these, ${joinList(parts)}.`;
}

const FOLLOWERS = 2;

export function malwareSentence(summary: BriefingSummary): string {
  const [top, ...rest] = summary.malware;
  if (!top)
    return `No known malware family was linked to alerts, sightings or new indicators in ${periodPhrase(summary.days)}.`;
  const followers = rest.slice(0, FOLLOWERS).map(spokenName);
  const followed = followers.length > 0 ? `, followed by ${joinList(followers)}` : '';
  return `The most active malware family in ${periodPhrase(summary.days)} was ${spokenName(top)} (${threatActivity(top)})${followed}.`;
}

const LISTED_CVES = 3;

export function kevSentence(summary: BriefingSummary): string {
  const { added, newExposures } = summary.kev;
  const head =
    `${raisedCount(added.current, 'entry', 'entries')} added to the CISA KEV catalogue in ` +
    `${periodPhrase(summary.days)}${comparison(added, summary.days)}`;
  if (added.current === 0) return `${head}.`;
  const exposing = newExposures.length;
  if (exposing === 0)
    return `${head}; ${added.current === 1 ? 'it does not affect' : 'none of them affects'} our assets.`;
  const listed = newExposures.slice(0, LISTED_CVES).map((entry) => entry.cveId);
  const more = exposing - listed.length;
  const cves = joinList(more > 0 ? [...listed, `${formatInteger(more)} more`] : listed);
  if (added.current === 1) return `${head}; it affects our assets (${cves}).`;
  return `${head}; ${formatInteger(exposing)} of them ${exposing === 1 ? 'affects' : 'affect'} our assets: ${cves}.`;
}

/** "it is …", "both are …", "all of them are …", "3 of them are …", for a part of the exposing entries. */
function entriesThat(count: number, total: number, predicate: (count: number) => string): string {
  if (total === 1) return `it ${predicate(1)}`;
  if (count === total) return `${total === 2 ? 'both' : 'all of them'} ${predicate(total)}`;
  return `${formatInteger(count)} of them ${predicate(count)}`;
}

export function exposureSentence(summary: BriefingSummary): string {
  const { exposedAssets, exposingEntries, pastDue, ransomware } = summary.kev;
  if (exposedAssets === 0) return 'Today no asset in the inventory is exposed to a KEV entry.';
  const head =
    `Today ${countOf(exposedAssets, 'asset')} ${isAre(exposedAssets)} exposed to ` +
    countOf(exposingEntries, 'KEV entry', 'KEV entries');
  const parts = [
    pastDue > 0
      ? entriesThat(
          pastDue,
          exposingEntries,
          (n) => `${isAre(n)} past ${n === 1 ? 'its' : 'their'} CISA due date`,
        )
      : '',
    ransomware > 0
      ? entriesThat(
          ransomware,
          exposingEntries,
          (n) => `${isAre(n)} known to be used in ransomware campaigns`,
        )
      : '',
  ].filter(Boolean);
  return parts.length === 0 ? `${head}.` : `${head}; ${joinList(parts)}.`;
}

/** The briefing's sentences in reading order. */
export function briefingSentences(summary: BriefingSummary): string[] {
  return [
    alertSentence(summary),
    statusSentence(summary),
    malwareSentence(summary),
    actorSentence(summary),
    kevSentence(summary),
    exposureSentence(summary),
  ].filter((sentence): sentence is string => sentence !== null);
}
