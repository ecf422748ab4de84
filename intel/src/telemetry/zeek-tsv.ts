/**
 * Zeek's ASCII (TSV) log writer: `#` header lines name the separators, the log path, the fields
 * and their types, then one record per line. Every header is read where it appears, so several
 * logs concatenated into one file (each with its own header) parse too.
 */

export interface TsvHeader {
  separator: string;
  setSeparator: string;
  emptyField: string;
  unsetField: string;
  path?: string;
  fields?: string[];
  types?: string[];
  /** Derived from fields and types on first use, so types are not re-read on every line. */
  columns?: Column[];
}

interface Column {
  name: string;
  /** Scalar type, or the element type of a set or vector. */
  type: string;
  container: boolean;
  /** Not read by the event mapping: left out of the record unconverted. */
  skip: boolean;
}

export const newTsvHeader = (): TsvHeader => ({
  separator: '\t',
  setSeparator: ',',
  emptyField: '(empty)',
  unsetField: '-',
});

/**
 * Zeek writes separators, white space and non-printable or non-ASCII bytes as `\xHH` (util.cc,
 * get_escaped_string). Runs are decoded together so escaped UTF-8 sequences become characters.
 */
export function unescape(value: string): string {
  if (!value.includes('\\x')) return value;
  return value.replace(/(?:\\x[0-9a-fA-F]{2})+/g, (run) =>
    Buffer.from(run.replaceAll('\\x', ''), 'hex').toString('utf8'),
  );
}

/** Reads a `#` line into the header; false for lines that are not headers we know (skipped). */
export function readDirective(line: string, header: TsvHeader): boolean {
  // `#separator` comes first and cannot use the separator it defines: a space follows it.
  const separator = /^#separator[ \t](.*)$/.exec(line);
  if (separator) {
    header.separator = unescape(separator[1]!) || '\t';
    return true;
  }
  const parts = line.split(header.separator);
  const [key, ...values] = parts;
  const value = values.join(header.separator);
  switch (key) {
    case '#set_separator':
      header.setSeparator = unescape(value);
      return true;
    case '#empty_field':
      header.emptyField = value;
      return true;
    case '#unset_field':
      header.unsetField = value;
      return true;
    case '#path':
      header.path = value;
      return true;
    case '#fields':
      header.fields = values;
      header.types = undefined;
      header.columns = undefined;
      return true;
    case '#types':
      header.types = values;
      header.columns = undefined;
      return true;
    default:
      return false;
  }
}

function scalar(text: string, type: string): unknown {
  switch (type) {
    case 'count':
    case 'int':
    case 'port':
    case 'double':
    case 'interval': {
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? n : text;
    }
    case 'bool':
      return text === 'T' ? true : text === 'F' ? false : text;
    // `time` stays text: the fraction is read as digits to keep microseconds exact.
    default:
      return unescape(text);
  }
}

/**
 * One TSV record → a record keyed by field name, as Zeek's JSON writer would have written it:
 * unset fields left out, numbers and booleans typed by `#types`, sets and vectors as arrays.
 * A string reason when the line does not fit the header. With `wanted`, other fields are left out.
 */
export function tsvRecord(
  line: string,
  header: TsvHeader,
  wanted?: ReadonlySet<string>,
): Record<string, unknown> | string {
  const { fields, types } = header;
  if (!fields) return 'a record before the #fields header';
  const columns = (header.columns ??= fields.map((name, i) => {
    const type = types?.[i] ?? 'string';
    const container = /^(?:set|vector|table)\[(.*)\]$/.exec(type);
    const skip = wanted !== undefined && !wanted.has(name);
    return { name, type: container ? container[1]! : type, container: container !== null, skip };
  }));
  const values = line.split(header.separator);
  if (values.length !== columns.length)
    return `${values.length} fields where the #fields header has ${columns.length}`;
  const record: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const { name, type, container, skip } = columns[i]!;
    const text = values[i]!;
    if (skip || text === header.unsetField) continue;
    if (container)
      record[name] =
        text === header.emptyField ? [] : text.split(header.setSeparator).map((item) => scalar(item, type));
    else record[name] = text === header.emptyField && type === 'string' ? '' : scalar(text, type);
  }
  return record;
}
