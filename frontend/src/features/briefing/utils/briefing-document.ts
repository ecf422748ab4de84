/**
 * What the PDF says, as plain data: the same title, period, sentences, figures, charts and tables as
 * the page, with the chosen TLP marking. The drawing (pdf/) only lays this out.
 */
import { tlpLabel, type TlpLevel } from '@/components/intel/tlp-badge';
import { TLP_DEFINITIONS } from '@/components/intel/tlp-marking';
import { formatInteger } from '@/lib/format/format';
import { briefingCharts, type BriefingChart } from './briefing-charts';
import { briefingFigures } from './briefing-figures';
import type { BriefingSummary, KevEntry } from './briefing-summary';
import { generatedLabel, periodLabel, utcToday } from './period-label';
import { briefingSentences } from './sentences';
import { trendInWords } from './trend';
import { periodPhrase } from './words';

export interface BriefingTable {
  title: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Rows left out to keep the briefing short. */
  more: number;
  empty: string;
}

export interface BriefingDocument {
  title: string;
  tlp: TlpLevel;
  tlpLabel: string;
  marking: string;
  period: string;
  generated: string;
  sentences: string[];
  figures: { label: string; value: string; trend: string }[];
  charts: BriefingChart[];
  tables: BriefingTable[];
  footer: string;
  filename: string;
}

export const KEV_COLUMNS = ['CVE', 'Vulnerability', 'Added', 'Due', 'Assets'] as const;
export const TABLE_ROWS = 5;

export function kevRow(entry: KevEntry): string[] {
  return [
    entry.cveId,
    `${entry.name ?? ''}${entry.ransomware ? ' (ransomware)' : ''}`.trim(),
    entry.dateAdded,
    entry.dueDate ?? '',
    entry.assets.join(', '),
  ];
}

export function briefingTables(summary: BriefingSummary): BriefingTable[] {
  const period = periodPhrase(summary.days);
  const table = (title: string, entries: readonly KevEntry[], empty: string): BriefingTable => ({
    title,
    columns: KEV_COLUMNS,
    rows: entries.slice(0, TABLE_ROWS).map(kevRow),
    more: Math.max(0, entries.length - TABLE_ROWS),
    empty,
  });
  return [
    table(
      `KEV entries added in ${period} that affect our assets`,
      summary.kev.newExposures,
      `None: no entry added in ${period} affects our assets.`,
    ),
    table(
      'KEV entries exposing our assets today, longest overdue first',
      summary.kev.exposing,
      'None: no asset in the inventory is exposed to a KEV entry.',
    ),
  ];
}

/** `asOf`: when the figures were read (the period ends then); `generated`: when the document is made. */
export function briefingDocument(
  summary: BriefingSummary,
  tlp: TlpLevel,
  { asOf, generated }: { asOf: Date; generated: Date },
): BriefingDocument {
  return {
    title: 'Executive Briefing',
    tlp,
    tlpLabel: tlpLabel(tlp),
    marking: `${tlpLabel(tlp)}: ${TLP_DEFINITIONS[tlp]}`,
    period: periodLabel(summary.days, asOf),
    generated: generatedLabel(generated),
    sentences: briefingSentences(summary),
    figures: briefingFigures(summary).map((figure) => ({
      label: figure.label,
      value: formatInteger(figure.value),
      trend: figure.trend ? trendInWords(figure.trend, summary.days) : (figure.hint ?? ''),
    })),
    charts: briefingCharts(summary),
    tables: briefingTables(summary),
    footer:
      'From the platform’s knowledge base, as the person who generated it may read it: intelligence beyond their clearance is neither counted nor named.',
    filename: `executive-briefing-${utcToday(generated)}-last-${summary.days}-days-${tlp.replace('+', '-')}.pdf`,
  };
}
