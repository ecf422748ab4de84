import { csvCell, INDICATOR_TYPES } from './model.ts';
import type { ControlWriter } from './control-writer.ts';

export const CONTROL_CSV_COLUMNS = [
  'type',
  'value',
  'tlp',
  'confidence',
  'valid_from',
  'modified',
  'labels',
  'name',
  'stix_id',
  'score',
  'sources',
];

/**
 * The values for controls as CSV (RFC 4180, spreadsheet formulas neutralised by csvCell): the columns of
 * the STIX-based CSV export and the score and sources. The header is `#` lines before the column row
 * (CSV has no comment syntax; pandas `comment='#'`, Splunk and most SIEM lookups skip them).
 */
export function csvWriter(): ControlWriter {
  return {
    types: INDICATOR_TYPES,
    comment: (line) => `# ${line}`,
    preamble: () => `${CONTROL_CSV_COLUMNS.join(',')}\r\n`,
    row(row, out) {
      const cells = [
        row.type,
        row.value,
        row.tlp,
        row.confidence,
        row.validFrom?.toISOString(),
        row.modified.toISOString(),
        row.labels.join(';'),
        row.name,
        row.stixId,
        row.score,
        row.sources.join(';'),
      ];
      out.write(`${cells.map(csvCell).join(',')}\r\n`);
    },
  };
}
