/**
 * postgres_changes `filter` strings (realtime-js RealtimePostgresFilterBuilder): `col=op.value`,
 * several joined by top-level commas and ANDed, an optional `not.` before the operator, `in.(a,b)`
 * lists, and double-quoted values with backslash escapes. Matching runs in the gateway against the
 * decoded row, comparing the way Postgres would for the column's type family.
 */

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct';

const OPS = new Set<FilterOp>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
]);

export interface FilterCondition {
  column: string;
  op: FilterOp;
  negate: boolean;
  /** One value, or the list of an `in` filter. */
  values: string[];
}

export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted) throw new FilterError('unterminated double quote in filter');
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseCondition(text: string): FilterCondition {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new FilterError(`filter "${text}" is not of the form column=operator.value`);
  const column = unquote(text.slice(0, eq).trim());
  let rest = text.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`filter "${text}" has no operator`);
  const op = rest.slice(0, dot) as FilterOp;
  if (!OPS.has(op)) throw new FilterError(`unknown filter operator "${op}"`);
  const raw = rest.slice(dot + 1);
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) {
      throw new FilterError(`"in" filter values must be written in.(a,b,...)`);
    }
    const inner = raw.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()));
    if (values.length > 100) throw new FilterError('"in" filter accepts at most 100 values');
    return { column, op, negate, values };
  }
  const value = unquote(raw);
  if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw new FilterError('"is" filter accepts null, true, false or unknown');
  }
  return { column, op, negate, values: [value] };
}

/** Parses a filter string; an empty or missing filter means "every row". */
export function parseFilter(filter: string | undefined | null): FilterCondition[] {
  if (filter === undefined || filter === null || filter.trim() === '') return [];
  if (filter.length > 4096) throw new FilterError('filter is too long');
  return splitTopLevel(filter).map((part) => parseCondition(part.trim()));
}

/** How values of a column compare: by number, boolean, time, or text. */
export type TypeFamily = 'number' | 'boolean' | 'time' | 'text';

export function typeFamily(typname: string): TypeFamily {
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money'].includes(typname)) {
    return typname === 'money' ? 'text' : 'number';
  }
  if (typname === 'bool') return 'boolean';
  if (['timestamp', 'timestamptz', 'date', 'time', 'timetz'].includes(typname)) return 'time';
  return 'text';
}

function parseBool(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(v)) return true;
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(v)) return false;
  return undefined;
}

/** Checks a condition's values against its column type (Postgres would refuse the cast). */
export function validateCondition(condition: FilterCondition, family: TypeFamily): void {
  if (condition.op === 'is') return;
  for (const value of condition.values) {
    if (family === 'number' && (value.trim() === '' || Number.isNaN(Number(value)))) {
      throw new FilterError(`invalid input for a numeric column "${condition.column}": "${value}"`);
    }
    if (family === 'boolean' && parseBool(value) === undefined) {
      throw new FilterError(`invalid input for a boolean column "${condition.column}": "${value}"`);
    }
  }
  if (condition.op === 'match' || condition.op === 'imatch') {
    try {
      new RegExp(condition.values[0]!, condition.op === 'imatch' ? 'i' : '');
    } catch {
      throw new FilterError(`invalid regular expression "${condition.values[0]}"`);
    }
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function timeValue(value: string): number {
  // Postgres text ("2026-01-02 10:00:00+00") and JSON ("2026-01-02T10:00:00+00:00") forms alike.
  let v = value.trim().replace(' ', 'T');
  if (/[+-]\d\d$/.test(v)) v += ':00';
  return Date.parse(v);
}

/** -1, 0, 1, or undefined when the two cannot be compared. */
function compare(recordValue: unknown, filterValue: string, family: TypeFamily): number | undefined {
  if (family === 'number') {
    const a = typeof recordValue === 'number' ? recordValue : Number(asText(recordValue));
    const b = Number(filterValue);
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (family === 'boolean') {
    const a = typeof recordValue === 'boolean' ? recordValue : parseBool(asText(recordValue));
    const b = parseBool(filterValue);
    if (a === undefined || b === undefined) return undefined;
    return a === b ? 0 : a ? 1 : -1;
  }
  const a = asText(recordValue);
  if (family === 'time') {
    const ta = timeValue(a);
    const tb = timeValue(filterValue);
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta === tb ? 0 : ta < tb ? -1 : 1;
  }
  return a === filterValue ? 0 : a < filterValue ? -1 : 1;
}

function likeRegExp(pattern: string, insensitive: boolean): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) source += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, insensitive ? 'i' : '');
}

/** SQL three-valued result: true, false, or null (unknown, which a WHERE treats as false). */
function evaluate(condition: FilterCondition, value: unknown, family: TypeFamily): boolean | null {
  const isNull = value === null || value === undefined;
  const first = condition.values[0] ?? '';
  switch (condition.op) {
    case 'is': {
      const v = first.toLowerCase();
      if (v === 'null') return isNull;
      if (v === 'unknown') return isNull;
      if (isNull) return false;
      return compare(value, v, 'boolean') === 0;
    }
    case 'isdistinct':
      if (isNull) return true;
      return compare(value, first, family) !== 0;
    default:
      break;
  }
  if (isNull) return null;
  switch (condition.op) {
    case 'eq':
      return compare(value, first, family) === 0;
    case 'neq': {
      const c = compare(value, first, family);
      return c === undefined ? null : c !== 0;
    }
    case 'lt': {
      const c = compare(value, first, family);
      return c === undefined ? null : c < 0;
    }
    case 'lte': {
      const c = compare(value, first, family);
      return c === undefined ? null : c <= 0;
    }
    case 'gt': {
      const c = compare(value, first, family);
      return c === undefined ? null : c > 0;
    }
    case 'gte': {
      const c = compare(value, first, family);
      return c === undefined ? null : c >= 0;
    }
    case 'in':
      return condition.values.some((v) => compare(value, v, family) === 0);
    case 'like':
      return likeRegExp(first, false).test(asText(value));
    case 'ilike':
      return likeRegExp(first, true).test(asText(value));
    case 'match':
      return new RegExp(first).test(asText(value));
    case 'imatch':
      return new RegExp(first, 'i').test(asText(value));
    default:
      return null;
  }
}

/**
 * True when the record passes every condition. A column missing from the record (not in the WAL
 * tuple, e.g. a DELETE without REPLICA IDENTITY FULL) never matches, as in Supabase.
 */
export function matchesFilter(
  conditions: FilterCondition[],
  record: Record<string, unknown>,
  familyOf: (column: string) => TypeFamily,
): boolean {
  for (const condition of conditions) {
    if (!Object.prototype.hasOwnProperty.call(record, condition.column)) return false;
    const result = evaluate(condition, record[condition.column], familyOf(condition.column));
    const passed = condition.negate ? result === false : result === true;
    if (!passed) return false;
  }
  return true;
}
