import type { IndicatorType, Tlp } from './model.ts';
import { SERVER_VERDICTS, type ControlRow, type ServerVerdict } from './control-row.ts';

/** What an export for controls holds and what it left out, for its header. */
export interface ExportSummary {
  format: string;
  exportedAt: Date;
  selection: { types: IndicatorType[] | null; sources: string[]; maxTlp: Tlp; minScore: number };
  /** Values written, per type. */
  held: Partial<Record<IndicatorType, number>>;
  /** Values left out by the server's verdict. */
  leftOut: Record<ServerVerdict, number>;
  /** Values this format cannot carry safely (a tab in a Zeek field, a name no zone file takes), by reason. */
  unwritable: Record<string, number>;
  /** Values past --limit. */
  overLimit: number;
  /** Indicators of types the format has no place for, by type. */
  notCarried: Record<string, number>;
}

export function emptySummary(
  format: string,
  exportedAt: Date,
  selection: ExportSummary['selection'],
): ExportSummary {
  return {
    format,
    exportedAt,
    selection,
    held: {},
    leftOut: Object.fromEntries(SERVER_VERDICTS.map((v) => [v, 0])) as Record<ServerVerdict, number>,
    unwritable: {},
    overLimit: 0,
    notCarried: {},
  };
}

export const heldCount = (s: ExportSummary): number => Object.values(s.held).reduce((a, n) => a + n, 0);

/** Counts a row: its verdict, or held. */
export function tally(summary: ExportSummary, row: ControlRow, unwritable: string | null = null): void {
  if (row.verdict) summary.leftOut[row.verdict] += 1;
  else if (unwritable) summary.unwritable[unwritable] = (summary.unwritable[unwritable] ?? 0) + 1;
  else summary.held[row.type] = (summary.held[row.type] ?? 0) + 1;
}

const listOf = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/**
 * The header's lines, without the format's comment marker. Stable wording: operators grep it and
 * the tests read the counts back.
 */
export function summaryLines(s: ExportSummary): string[] {
  return [...summaryHead(s), ...summaryCounts(s)];
}

/** The lines known before the first value: what was exported when, and the selection. */
export function summaryHead(s: ExportSummary): string[] {
  return [
    `CTI platform export for security controls: ${s.format}, exported ${s.exportedAt.toISOString()}`,
    `selection: types ${s.selection.types?.join(' ') ?? 'all this format carries'}; sources ${
      s.selection.sources.length ? s.selection.sources.join(', ') : 'all'
    }; TLP up to ${s.selection.maxTlp.toUpperCase()}; minimum score ${s.selection.minScore}`,
  ];
}

/** The lines known after the last value: what it holds and what it left out, and why. */
export function summaryCounts(s: ExportSummary): string[] {
  const l = s.leftOut;
  const sum = (o: Record<string, number>) => Object.values(o).reduce((a, n) => a + n, 0);
  const lines = [
    `holds ${heldCount(s)} values${heldCount(s) ? `: ${listOf(s.held)}` : ''}`,
    `left out: revoked ${l.revoked}, expired ${l.expired}, decayed ${l.decayed}; on a warninglist or exclusion list ${l.listed}; above TLP:${s.selection.maxTlp.toUpperCase()} ${l['above-tlp']}${l.pap ? `; PAP:AMBER or RED ${l.pap}` : ''}; below score ${s.selection.minScore} ${l['below-score']}; not writable in this format ${sum(s.unwritable)}${
      sum(s.unwritable) ? ` (${listOf(s.unwritable)})` : ''
    }${s.overLimit ? `; past --limit ${s.overLimit}` : ''}`,
  ];
  if (sum(s.notCarried)) lines.push(`types this format has no place for: ${listOf(s.notCarried)}`);
  return lines;
}
