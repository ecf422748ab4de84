/**
 * One row or record through a feed map → an indicator draft, or a reject saying why in plain words.
 * Pure (no Node API): the importer and the app's map builder both run it, and then the pipeline's
 * own prepareIndicator (canonical value, TLP, dates), so the builder's preview is what is stored.
 */
import {
  isIndicatorType,
  type IndicatorType,
} from '../../../../supabase/functions/_shared/controls/model.js';
import type { IndicatorDraft, RejectDraft } from '../../model/drafts.js';
import { parseTlp } from '../../normalise/tlp.js';
import { columnRefs, MAP_FIELDS, type ColumnRef, type FeedMap, type MapField } from './feed-map.js';

/** The map cannot read this file at all (a column it names is absent, the wrong delimiter). */
export class MapDoesNotFit extends Error {
  override name = 'MapDoesNotFit';
}

/** Where each field is read in a CSV row: 0-based indexes. */
export type CsvColumns = Partial<Record<MapField, number>>;

const OTHER_DELIMITERS = [',', ';', '\t', '|'];
const shown = (d: string) => (d === '\t' ? 'a tab' : `"${d}"`);
const quoteRef = (ref: ColumnRef) => (typeof ref === 'number' ? `column ${ref}` : `column "${ref}"`);

/**
 * The map's columns in the first record of a CSV (its header, or its first row without one),
 * checked before any row is read: a missing column, or a one-column header holding another
 * delimiter, refuses the file with a sentence that says so.
 */
export function resolveCsvColumns(map: FeedMap, first: readonly string[]): CsvColumns {
  if (first.length === 1) {
    const other = OTHER_DELIMITERS.find((d) => d !== map.delimiter && first[0]!.includes(d));
    if (other)
      throw new MapDoesNotFit(
        `the delimiter does not match: the map says ${shown(map.delimiter)}, but the first line is one column ("${first[0]!.slice(0, 80)}") that the data seems to separate with ${shown(other)}`,
      );
  }
  const names = first.map((n) => n.trim());
  const lower = names.map((n) => n.toLowerCase());
  const columns: CsvColumns = {};
  const missing: string[] = [];
  for (const [field, ref] of columnRefs(map)) {
    let index: number;
    if (typeof ref === 'number') index = ref <= first.length ? ref - 1 : -1;
    else {
      index = names.indexOf(ref);
      if (index < 0) index = lower.indexOf(ref.toLowerCase());
    }
    if (index < 0) missing.push(`${quoteRef(ref)} (for ${field})`);
    else columns[field] = index;
  }
  if (missing.length > 0) {
    const has = map.header
      ? `the header has ${names.map((n) => `"${n.slice(0, 40)}"`).join(', ')}`
      : `the first row has ${first.length} column${first.length === 1 ? '' : 's'}`;
    throw new MapDoesNotFit(`the map names ${missing.join(', ')}, which the file does not have: ${has}`);
  }
  return columns;
}

/** A reader for one field of a CSV row. */
export function csvReader(columns: CsvColumns): (fields: readonly string[], field: MapField) => unknown {
  return (fields, field) => {
    const at = columns[field];
    return at === undefined ? undefined : fields[at];
  };
}

/** A value inside a JSON record by its dotted key path (`ioc.value`, `tags.0`). */
export function valueAt(record: unknown, path: string): unknown {
  let at: unknown = record;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A reader for one field of a JSON record. */
export function jsonReader(map: FeedMap): (record: unknown, field: MapField) => unknown {
  const paths = Object.fromEntries(columnRefs(map).map(([f, ref]) => [f, String(ref)])) as Partial<
    Record<MapField, string>
  >;
  return (record, field) => {
    const path = paths[field];
    return path === undefined ? undefined : valueAt(record, path);
  };
}

/** A scalar as trimmed text; empty and null are absent; an object or a list is not text. */
function cell(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function items(value: unknown, separator: string): string[] {
  if (Array.isArray(value)) return value.map(cell).filter((v): v is string => typeof v === 'string');
  const text = cell(value);
  if (!text) return [];
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `values` keys compared trimmed and case-insensitively, built once per map. */
export function typeLookup(map: FeedMap): (raw: string) => IndicatorType | undefined {
  const spec = map.fields.type;
  if (typeof spec === 'string') return () => spec;
  const table = new Map(Object.entries(spec.values ?? {}).map(([k, v]) => [k.trim().toLowerCase(), v]));
  if (table.size === 0)
    return (raw) => (isIndicatorType(raw.toLowerCase()) ? raw.toLowerCase() : undefined) as IndicatorType;
  return (raw) => table.get(raw.toLowerCase());
}

/** Turns one record into a draft; `read` gives a field's raw value in the record. */
export function mapRecord<R>(
  map: FeedMap,
  lookup: (raw: string) => IndicatorType | undefined,
  read: (record: R, field: MapField) => unknown,
  record: R,
  where: string,
): IndicatorDraft | RejectDraft {
  const reject = (reason: string): RejectDraft => ({ kind: 'reject', where, reason });
  const texts: Partial<Record<MapField, string>> = {};
  for (const field of MAP_FIELDS) {
    if (field === 'labels' || field === 'malware') continue;
    const value = cell(read(record, field));
    if (value === null) return reject(`${field} is not text or a number`);
    if (value !== undefined) texts[field] = value;
  }
  if (!texts.value) return reject('value is empty');
  let type: IndicatorType | undefined;
  if (typeof map.fields.type === 'string') type = map.fields.type;
  else {
    if (!texts.type) return reject('type is empty');
    type = lookup(texts.type);
    if (!type) {
      const known = Object.keys(map.fields.type.values ?? {});
      return reject(
        `type "${texts.type.slice(0, 60)}" is not one the map knows (${known.length ? known.map((k) => `"${k}"`).join(', ') : 'our type names'})`,
      );
    }
  }
  let confidence: number | undefined;
  if (texts.confidence !== undefined) {
    confidence = Number(texts.confidence);
    if (!Number.isInteger(confidence) || confidence < 0 || confidence > 100)
      return reject(`confidence "${texts.confidence.slice(0, 20)}" is not a whole number from 0 to 100`);
  }
  const tlp = texts.tlp === undefined ? undefined : parseTlp(texts.tlp);
  if (texts.tlp !== undefined && !tlp) return reject(`tlp "${texts.tlp.slice(0, 30)}" is not a TLP level`);
  return {
    kind: 'indicator',
    where,
    type,
    value: texts.value,
    firstSeen: texts.first_seen,
    lastSeen: texts.last_seen,
    description: texts.description,
    confidence,
    tlp,
    labels: items(read(record, 'labels'), map.list_separator),
    malware: items(read(record, 'malware'), map.list_separator),
  };
}
