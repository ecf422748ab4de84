/**
 * Finding a CSV's column names in the sample: abuse.ch writes them as a `#` comment
 * (`# id,dateadded,url,…`), FIRST and Feodo Tracker as the first record. Knowing which lets the
 * importer map columns by name, so an added column (ThreatFox's `is_compromised`) is no break.
 */

export interface CsvHeader {
  /** Lower-case column names in file order. */
  columns: string[];
  /** True when the names are in a comment line, false when they are the first record. */
  commented: boolean;
}

const namesOf = (line: string): string[] =>
  line.split(',').map((name) =>
    name
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim()
      .toLowerCase(),
  );

/**
 * The column names among the sample's leading lines: the last comment line naming every
 * `required` column, or else the first record if it does. Undefined when neither does.
 */
export function findCsvHeader(head: string, required: readonly string[]): CsvHeader | undefined {
  const hasAll = (names: string[]) => required.every((name) => names.includes(name));
  let found: CsvHeader | undefined;
  for (const raw of head.split('\n', 200)) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const names = namesOf(line.slice(1));
      if (hasAll(names)) found = { columns: names, commented: true };
      continue;
    }
    const names = namesOf(line);
    return found ?? (hasAll(names) ? { columns: names, commented: false } : undefined);
  }
  return found;
}

/** The index of each named column (-1 when absent). */
export function columnIndexes<N extends string>(header: CsvHeader, names: readonly N[]): Record<N, number> {
  const indexes = {} as Record<N, number>;
  for (const name of names) indexes[name] = header.columns.indexOf(name);
  return indexes;
}

/** The `#` lines at the top of a sample, without the `#`. */
export function leadingComments(head: string): string[] {
  const lines: string[] = [];
  for (const line of head.split('\n', 200)) {
    if (!line.startsWith('#')) break;
    lines.push(line.slice(1).trim());
  }
  return lines;
}

/** True when the first record equals the header's names (so it is skipped, not imported). */
export function isHeaderRecord(header: CsvHeader, fields: string[]): boolean {
  return (
    !header.commented &&
    fields.length === header.columns.length &&
    fields.every((f, i) => f.trim().toLowerCase() === header.columns[i])
  );
}
