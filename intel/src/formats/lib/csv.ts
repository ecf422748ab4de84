import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export type CsvRow = { line: number; fields: string[] } | { line: number; error: string };

/**
 * CSV records with their line numbers (csv-parse): quoted fields, `, ` separators, CRLF, `#`
 * comment lines skipped. A malformed record is reported with its line instead of ending the file.
 */
export async function* csvRows(input: Readable): AsyncGenerator<CsvRow> {
  const parser = input.pipe(
    parse({
      comment: '#',
      comment_no_infix: true,
      info: true,
      relax_column_count: true,
      ltrim: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  const skipped: CsvRow[] = [];
  parser.on('skip', (error: Error & { lines?: number }) => skipped.push({ line: error.lines ?? 0, error: error.message }));
  for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length) yield skipped.shift()!;
    yield { line: item.info.lines, fields: item.record };
  }
  while (skipped.length) yield skipped.shift()!;
}

/** The `#` lines at the top of a CSV head (the sample), without the `#`. */
export function leadingComments(head: string): string[] {
  const lines: string[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (!line.startsWith('#')) break;
    lines.push(line.slice(1).trim());
  }
  return lines;
}

/** The first line of the head that is not a comment. */
export function firstDataLine(head: string): string {
  return head.split(/\r?\n/).find((line) => line.trim() !== '' && !line.startsWith('#')) ?? '';
}
