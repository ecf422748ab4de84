/** A plain text table: columns padded to their widest cell, numbers right-aligned. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [
    headers,
    ...rows.map((row) => row.map((c) => (typeof c === 'number' ? c.toLocaleString('en') : c))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number'));
  const line = (row: (string | number)[]) =>
    row
      .map((c, i) => (numeric[i] ? String(c).padStart(widths[i]!) : String(c).padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}
