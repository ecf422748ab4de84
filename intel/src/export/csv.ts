/**
 * One CSV cell. Intelligence is hostile: a cell starting with = + - @ tab or carriage return would
 * run as a formula in a spreadsheet, so it gets a leading quote, the rule the app's CSV export
 * applies (Papa Parse's escapeFormulae); quotes, commas and line breaks are quoted per RFC 4180.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
