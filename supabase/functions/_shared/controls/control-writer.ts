import type { IndicatorType } from './model.ts';
import type { ControlRow } from './control-row.ts';
import type { ExportSummary } from './summary.ts';

/** What one page of values adds to the export file and to the files beside it. */
export class PageOutput {
  main = '';
  readonly side = new Map<string, string>();
  write(text: string): void {
    this.main += text;
  }
  /** Appends to a file beside --out (its name, e.g. `cti-md5.lst`). */
  writeBeside(name: string, text: string): void {
    this.side.set(name, (this.side.get(name) ?? '') + text);
  }
}

/**
 * One export format for security controls: a plug-in like the importers' format adapters. The runner
 * pages the values of each type in `types` (in that order, values sorted within a type), asks
 * `unwritable` about each, hands the rest to `row`, and prepends the header and `preamble` once it
 * knows the counts.
 */
export interface ControlWriter {
  readonly types: readonly IndicatorType[];
  /** One header line as a comment of the format. */
  comment(line: string): string;
  /** Format lines between the header and the values (Zeek's #fields, the zone's SOA and NS). */
  preamble?(summary: ExportSummary): string;
  /** Why this value cannot go into this format safely; null when it can. */
  unwritable?(row: ControlRow): string | null;
  row(row: ControlRow, out: PageOutput): void;
  /** After the last value of a type that had `count` values written. */
  endType?(type: IndicatorType, count: number, out: PageOutput): void;
  end?(out: PageOutput): void;
  /** Whether the format needs --out (it writes files beside it). */
  readonly needsOutFile?: boolean;
}

/** Line breaks or other control characters: a one-line field cannot hold them. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
export const hasControlCharacters = (text: string): boolean => /[\u0000-\u001f\u007f]/.test(text);

/** Free text for a one-line field: control characters and runs of white space become one space. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
export const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
