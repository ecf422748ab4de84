/**
 * The briefing's figures, from the three reads: alert totals by severity and status with their trends,
 * the top malware and actors, and the KEV entries of the period and those exposing our assets today.
 * Pure, so the page, the sentences and the PDF all say the same thing.
 */
import type { TlpLevel } from '@/components/intel/tlp-badge';
import { TLP_LEVELS } from '@/components/intel/tlp-marking';
import { inertString } from '@/lib/security/inert-text';
import type { BriefingAlertRow } from '@/features/briefing/api/get-briefing-alerts';
import type { BriefingKevRow } from '@/features/briefing/api/get-briefing-kev';
import type { BriefingThreatRow } from '@/features/briefing/api/get-briefing-threats';
import { trendOf, type Trend } from './trend';

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const STATUSES = ['new', 'acknowledged', 'investigating', 'resolved', 'dismissed'] as const;
export type Status = (typeof STATUSES)[number];

/** Why an actor is named: how specific the evidence is, what it is, and how much of it there is. */
export interface Attribution {
  confidence: 'moderate' | 'low';
  evidence: 'direct' | 'campaigns' | 'reports' | 'software';
  count: number;
  /** The families few actors use that link the actor (software evidence). */
  viaSoftware: readonly string[];
}

export interface ThreatFigures {
  stixId: string;
  /** STIX type: malware, intrusion-set or threat-actor. */
  type: string;
  name: string;
  /** Names of the sources that delivered it (rendered inert). */
  sources: string[];
  /** Written by an analyst of this platform rather than delivered by a source. */
  byAnalyst: boolean;
  tlp: TlpLevel;
  alerts: Trend;
  sightings: Trend;
  newIndicators: Trend;
  /** Families: how many known actors use it, and whether so many that it attributes nothing. */
  usedByActors: number | null;
  shared: boolean;
  /** Actors: the evidence that names them. */
  attribution: Attribution | null;
}

export interface KevEntry {
  cveId: string;
  name: string | null;
  dateAdded: string;
  dueDate: string | null;
  ransomware: boolean;
  assets: readonly string[];
}

export interface BriefingSummary {
  days: number;
  alerts: {
    total: Trend;
    bySeverity: Record<Severity, Trend>;
    /** Alerts raised in the period, by their status today. */
    byStatus: Record<Status, number>;
    open: number;
  };
  malware: ThreatFigures[];
  actors: ThreatFigures[];
  kev: {
    added: Trend;
    /** Entries added in each period that expose at least one of our assets. */
    addedExposing: Trend;
    /** This period's entries that expose our assets. */
    newExposures: KevEntry[];
    /** Every entry exposing our assets today, the longest overdue first. */
    exposing: KevEntry[];
    /** Today, whenever the entries were added. */
    exposedAssets: number;
    exposingEntries: number;
    pastDue: number;
    ransomware: number;
  };
  /** The most restrictive marking of what the briefing names; null when it names nothing marked. */
  highestTlp: TlpLevel | null;
}

function alertSummary(rows: readonly BriefingAlertRow[]): BriefingSummary['alerts'] {
  const sum = (period: string, keep: (row: BriefingAlertRow) => boolean) =>
    rows
      .filter((row) => row.period === period && keep(row))
      .reduce((total, row) => total + Number(row.alerts), 0);
  const bySeverity = Object.fromEntries(
    SEVERITIES.map((severity) => [
      severity,
      trendOf(
        sum('current', (row) => row.severity === severity),
        sum('previous', (row) => row.severity === severity),
      ),
    ]),
  ) as Record<Severity, Trend>;
  const byStatus = Object.fromEntries(
    STATUSES.map((status) => [status, sum('current', (row) => row.status === status)]),
  ) as Record<Status, number>;
  return {
    total: trendOf(
      sum('current', () => true),
      sum('previous', () => true),
    ),
    bySeverity,
    byStatus,
    open: byStatus.new + byStatus.acknowledged + byStatus.investigating,
  };
}

function attribution(row: BriefingThreatRow): Attribution | null {
  if (row.confidence == null || row.evidence == null) return null;
  return {
    confidence: row.confidence,
    evidence: row.evidence,
    count: Number(row.evidence_count ?? 0),
    viaSoftware: (row.via_software ?? []).map((name) => inertString(name, { defang: false })),
  };
}

function threatFigures(row: BriefingThreatRow): ThreatFigures {
  return {
    stixId: row.stix_id,
    // Names come from feeds: invisible and direction-changing characters are shown, not obeyed.
    name: inertString(row.name, { defang: false }),
    type: row.type,
    sources: (row.sources ?? []).map((source) => inertString(source, { defang: false })),
    byAnalyst: row.by_analyst === true,
    tlp: row.tlp,
    alerts: trendOf(Number(row.alerts), Number(row.previous_alerts)),
    sightings: trendOf(Number(row.sightings), Number(row.previous_sightings)),
    newIndicators: trendOf(Number(row.new_indicators), Number(row.previous_new_indicators)),
    usedByActors: row.used_by_actors === null ? null : Number(row.used_by_actors),
    shared: row.shared === true,
    attribution: attribution(row),
  };
}

function kevEntry(row: BriefingKevRow): KevEntry {
  return {
    cveId: row.cve_id,
    name: row.kev_name === null ? null : inertString(row.kev_name, { defang: false }),
    dateAdded: row.kev_date_added,
    dueDate: row.kev_due_date,
    ransomware: row.kev_ransomware_use === 'Known',
    assets: row.assets.map((asset) => inertString(asset, { defang: false })),
  };
}

function kevSummary(rows: readonly BriefingKevRow[], today: string): BriefingSummary['kev'] {
  const inPeriod = (period: 'current' | 'previous') => rows.filter((row) => row.period === period);
  const exposing = rows.filter((row) => row.assets.length > 0);
  return {
    added: trendOf(inPeriod('current').length, inPeriod('previous').length),
    addedExposing: trendOf(
      inPeriod('current').filter((row) => row.assets.length > 0).length,
      inPeriod('previous').filter((row) => row.assets.length > 0).length,
    ),
    newExposures: inPeriod('current')
      .filter((row) => row.assets.length > 0)
      .map(kevEntry),
    exposing: exposing
      .map(kevEntry)
      .sort(
        (a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || a.cveId.localeCompare(b.cveId),
      ),
    exposedAssets: new Set(exposing.flatMap((row) => row.assets)).size,
    exposingEntries: exposing.length,
    pastDue: exposing.filter((row) => row.kev_due_date !== null && row.kev_due_date < today).length,
    ransomware: exposing.filter((row) => row.kev_ransomware_use === 'Known').length,
  };
}

function highestTlp(levels: readonly TlpLevel[]): TlpLevel | null {
  const index = Math.max(-1, ...levels.map((level) => TLP_LEVELS.indexOf(level)));
  return index < 0 ? null : TLP_LEVELS[index]!;
}

export function summariseBriefing(input: {
  days: number;
  alerts: readonly BriefingAlertRow[];
  threats: readonly BriefingThreatRow[];
  kev: readonly BriefingKevRow[];
  /** Today's UTC date (YYYY-MM-DD), for due dates. */
  today: string;
}): BriefingSummary {
  const malware = input.threats.filter((row) => row.kind === 'malware').map(threatFigures);
  const actors = input.threats.filter((row) => row.kind === 'actor').map(threatFigures);
  const kev = kevSummary(input.kev, input.today);
  const named = [
    ...[...malware, ...actors].map((threat) => threat.tlp),
    ...input.kev.filter((row) => row.period === 'current' || row.assets.length > 0).map((row) => row.tlp),
  ];
  return {
    days: input.days,
    alerts: alertSummary(input.alerts),
    malware,
    actors,
    kev,
    highestTlp: highestTlp(named),
  };
}
