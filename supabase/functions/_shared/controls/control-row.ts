import type { IndicatorType, Tlp } from './model.ts';

/** Why the server leaves a value out of an export for controls (private.export_indicators). */
export const SERVER_VERDICTS = [
  'revoked',
  'expired',
  'decayed',
  'above-tlp',
  /** PAP:AMBER or RED (issue 28 §1): never leaves the platform. */
  'pap',
  'below-score',
  'listed',
] as const;
export type ServerVerdict = (typeof SERVER_VERDICTS)[number];

/** One candidate value with the server's verdict (null: it may go to the control). */
export interface ControlRow {
  type: IndicatorType;
  value: string;
  verdict: ServerVerdict | null;
  score: number;
  tlp: Tlp;
  confidence: number | null;
  stixId: string;
  name: string | null;
  description: string;
  labels: string[];
  validFrom: Date | null;
  modified: Date;
  /** Names of the sources that reported it, sorted. */
  sources: string[];
  /** The first http(s) link a source gave for it. */
  reference: string | null;
}

/** A row of private.export_indicators as a driver returns it (snake case). */
export interface ExportIndicatorRow {
  value: string;
  verdict: ServerVerdict | null;
  score: number;
  tlp: Tlp;
  confidence: number | null;
  stix_id: string;
  name: string | null;
  description: string;
  labels: string[];
  valid_from: Date | null;
  modified: Date;
  sources: string[];
  reference: string | null;
}

export const controlRowOf = (type: IndicatorType, r: ExportIndicatorRow): ControlRow => ({
  type,
  value: r.value,
  verdict: r.verdict,
  score: r.score,
  tlp: r.tlp,
  confidence: r.confidence,
  stixId: r.stix_id,
  name: r.name,
  description: r.description,
  labels: r.labels,
  validFrom: r.valid_from,
  modified: r.modified,
  sources: r.sources,
  reference: r.reference,
});

/** The page query both the CLI and the feeds function send ($7: the time the verdicts are judged at). */
export const EXPORT_PAGE_SQL =
  'select * from private.export_indicators($1::public.indicator_type, $2::uuid[], $3::public.tlp_level, $4::integer, $5::text, $6::integer, $7::timestamptz)';
