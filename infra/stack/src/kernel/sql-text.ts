/**
 * Quoting for SQL built as text. The gateway sends a whole request (BEGIN, settings, query, COMMIT)
 * in one simple-protocol round trip, so values are inlined as literals, never concatenated raw.
 * `standard_conforming_strings` is on (the bootstrap asserts it), so doubling quotes is complete;
 * the E'' form is used when a backslash is present to stay correct either way.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new SqlTextError('Text values cannot contain the NUL character');
  const doubled = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${doubled.replace(/\\/g, '\\\\')}'` : `'${doubled}'`;
}

export function quoteIdent(name: string): string {
  if (name.includes('\0')) throw new SqlTextError('Identifiers cannot contain the NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

export class SqlTextError extends Error {
  readonly code = '22021';
}
