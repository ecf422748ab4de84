/**
 * CSV of table rows for spreadsheets. Intelligence is hostile: a value such as `=HYPERLINK(...)` or
 * `+cmd|' /C calc'!A0` would run as a formula when the file is opened, so Papa Parse's escapeFormulae
 * prefixes every cell that starts with = + - @ tab or carriage return with a quote.
 */
import type { DataTableColumn } from './types';

export async function rowsToCsv<Row>(
  columns: readonly DataTableColumn<Row>[],
  rows: readonly Row[],
): Promise<string> {
  const { unparse } = await import('papaparse');
  const exported = columns.filter((column) => column.csv);
  return unparse(
    {
      fields: exported.map((column) => column.header),
      data: rows.map((row) => exported.map((column) => column.csv!(row) ?? '')),
    },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

/** Hands the text to the browser as a download; nothing leaves the machine. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
