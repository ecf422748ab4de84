/**
 * The map builder's preview (frontend, in a worker): a sample's first rows through the map as the
 * importer maps them (map-record.ts) and as the pipeline prepares them for storage
 * (prepareIndicator: canonical value, TLP, dates), with each row's reason when it is rejected.
 * The app's alias @intel/feed-map points here, so the builder runs the importer's code, not a copy.
 */
import { prepareIndicator, type StagedIndicator } from '../../pipeline/prepare/indicator.js';
import { RecordRejected } from '../../pipeline/prepare/fields.js';
import type { SourceContext } from '../../pipeline/prepare/source-context.js';
import type { Tlp } from '../../model/drafts.js';
import type { FeedMap } from './feed-map.js';
import {
  csvReader,
  jsonReader,
  mapRecord,
  MapDoesNotFit,
  resolveCsvColumns,
  typeLookup,
  valueAt,
} from './map-record.js';

export { FeedMapError, feedMapSchema, MAP_FIELDS, OPTIONAL_FIELDS, parseFeedMap } from './feed-map.js';
export type { ColumnRef, FeedMap, MapField } from './feed-map.js';
export { MapDoesNotFit } from './map-record.js';
export { CSV_OPTIONS } from '../lib/csv-options.js';

export type PreviewRow =
  { where: string; ok: true; stored: StagedIndicator } | { where: string; ok: false; reason: string };

export interface Preview {
  rows: PreviewRow[];
  /** Rows read in the sample (beyond those shown), and how many of them would be rejected. */
  records: number;
  rejected: number;
}

/** What the source gives a record that carries nothing of its own: its default TLP and confidence. */
export interface SourceDefaultsForPreview {
  tlp: Tlp;
  confidence: number;
}

function previewOf<R>(
  map: FeedMap,
  read: (record: R, field: Parameters<ReturnType<typeof csvReader>>[1]) => unknown,
  records: Iterable<{ record: R; where: string; notObject?: boolean }>,
  defaults: SourceDefaultsForPreview,
  shown: number,
): Preview {
  const lookup = typeLookup(map);
  const source: SourceContext = { id: '', name: 'preview', ...defaults };
  const preview: Preview = { rows: [], records: 0, rejected: 0 };
  for (const { record, where, notObject } of records) {
    preview.records++;
    // As the importer says it (mapped-format.ts).
    const draft = notObject
      ? ({ kind: 'reject', where, reason: 'the record is not an object' } as const)
      : mapRecord(map, lookup, read, record, where);
    let row: PreviewRow;
    if (draft.kind === 'reject') row = { where, ok: false, reason: draft.reason };
    else
      try {
        row = { where, ok: true, stored: prepareIndicator(draft, source) };
      } catch (error) {
        if (!(error instanceof RecordRejected)) throw error;
        row = { where, ok: false, reason: error.message };
      }
    if (!row.ok) preview.rejected++;
    if (preview.rows.length < shown) preview.rows.push(row);
  }
  return preview;
}

/** CSV records (fields and the line each ends on) of a sample; the first is the header or first row. */
export function previewCsv(
  map: FeedMap,
  records: readonly { line: number; fields: string[] }[],
  defaults: SourceDefaultsForPreview,
  shown = 50,
): Preview {
  if (records.length === 0) throw new MapDoesNotFit('the sample has no rows');
  const read = csvReader(resolveCsvColumns(map, records[0]!.fields));
  const body = map.header ? records.slice(1) : records;
  return previewOf(
    map,
    read,
    body.map((r) => ({ record: r.fields, where: `line ${r.line}` })),
    defaults,
    shown,
  );
}

/** The records array of a parsed JSON sample at the map's dotted path. */
export function recordsAt(doc: unknown, path: string): unknown[] {
  const at = path === '' ? doc : valueAt(doc, path);
  if (Array.isArray(at)) return at;
  if (at === undefined && path !== '')
    throw new MapDoesNotFit(`"records": there is no "${path}" in the document`);
  const kind = at === null ? 'null' : typeof at === 'object' ? 'an object' : `a ${typeof at}`;
  throw new MapDoesNotFit(
    path === ''
      ? `the document is ${kind}, not an array of records: name the array with "records" in the map`
      : `"records": "${path}" is ${kind}, not an array`,
  );
}

/** A parsed JSON sample through a JSON map. */
export function previewJson(
  map: FeedMap,
  doc: unknown,
  defaults: SourceDefaultsForPreview,
  shown = 50,
): Preview {
  const path = map.records ?? '';
  const prefix = path === '' ? '$' : `$.${path}`;
  const records = recordsAt(doc, path);
  const read = jsonReader(map);
  const objects = records.map((record, i) => ({
    record,
    where: `${prefix}[${i}]`,
    notObject: record === null || typeof record !== 'object' || Array.isArray(record),
  }));
  return previewOf(map, read, objects, defaults, shown);
}
