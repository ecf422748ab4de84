import type { Options } from 'csv-parse';

/**
 * How every CSV importer reads (csv-parse options), kept apart from the Node stream parser so the
 * app's feed map builder parses a sample exactly as the importer will (csv-parse's browser build).
 */

/** No real feed has a record this long; past it a quote was left open and the rest is one field. */
export const MAX_RECORD_CHARS = 1_000_000;

/** After these the parser cannot find the next record again, so the input is refused. */
export const FATAL = new Set(['CSV_QUOTE_NOT_CLOSED', 'CSV_MAX_RECORD_SIZE']);

export const CSV_OPTIONS: Options = {
  comment: '#',
  comment_no_infix: true,
  relax_column_count: true,
  // A stray quote is kept as text instead of swallowing the records after it.
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  // Explicit, so a file mixing LF and CRLF does not leave `\r` at the end of fields.
  record_delimiter: ['\r\n', '\n'],
  max_record_size: MAX_RECORD_CHARS,
};
