/**
 * A sample file read for the feed map builder, in a worker: parsed as the importer parses it (the
 * importer's csv-parse options, its browser build; JSON.parse for a JSON sample of a few MB), then
 * its first rows through the map with the importer's own code (@intel/feed-map), with each row's
 * reason when it would be rejected. Nothing here decides what a map means.
 */
import { parse } from 'csv-parse/browser/esm/sync';
import {
  CSV_OPTIONS,
  FeedMapError,
  MapDoesNotFit,
  parseFeedMap,
  previewCsv,
  previewJson,
  type FeedMap,
  type Preview,
  type SourceDefaultsForPreview,
} from '@intel/feed-map';

/** Larger samples are cut by the administrator: the preview needs rows, not the whole feed. */
export const MAX_SAMPLE_BYTES = 4 * 1024 * 1024;

export interface SampleAnalysis {
  /** CSV: the first record's cells (the header, or the first row); JSON: the first record's key paths. */
  columns: string[];
  /** The distinct values of the type column in the sample (the first 50), to map onto our types. */
  typeValues: string[];
  preview?: Preview;
  /** Why the map cannot be used yet (its own faults), or why the sample does not fit it. */
  problems: string[];
}

interface CsvRow {
  record: string[];
  info: { lines: number };
}

function csvRecords(text: string, map: Pick<FeedMap, 'delimiter'>): { line: number; fields: string[] }[] {
  const rows = parse(text, {
    ...CSV_OPTIONS,
    bom: true,
    delimiter: map.delimiter,
    info: true,
  }) as unknown as CsvRow[];
  return rows.map((row) => ({ line: row.info.lines, fields: row.record }));
}

/** Key paths of a JSON record, nested objects written `a.b` (three levels at most). */
function keyPaths(record: unknown, prefix = '', depth = 0): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record) || depth > 2) return [];
  return Object.entries(record).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const nested = keyPaths(value, path, depth + 1);
    return nested.length > 0 ? nested : [path];
  });
}

const problemsOf = (error: unknown): string[] => {
  if (error instanceof FeedMapError) return error.problems;
  if (error instanceof MapDoesNotFit) return [error.message];
  return [`the sample cannot be read: ${(error as Error).message}`];
};

/** The draft map as typed so far (anything), checked; columns and type values even when it is not valid. */
export function analyseSample(
  text: string,
  draft: { format?: string; delimiter?: string; records?: string } & Record<string, unknown>,
  defaults: SourceDefaultsForPreview,
): SampleAnalysis {
  const analysis: SampleAnalysis = { columns: [], typeValues: [], problems: [] };
  let map: FeedMap | undefined;
  try {
    map = parseFeedMap(draft);
  } catch (error) {
    analysis.problems.push(...problemsOf(error));
  }
  try {
    if ((draft.format ?? 'csv') === 'json') {
      const doc: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
      const path = typeof draft.records === 'string' ? draft.records : '';
      const records =
        path === ''
          ? doc
          : path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | null)?.[key], doc);
      if (Array.isArray(records)) analysis.columns = keyPaths(records[0]);
      if (map) analysis.preview = previewJson(map, doc, defaults);
    } else {
      const delimiter =
        typeof draft.delimiter === 'string' && draft.delimiter.length === 1 ? draft.delimiter : ',';
      const records = csvRecords(text, { delimiter });
      analysis.columns = records[0]?.fields ?? [];
      const typeColumn = (draft.fields as { type?: { column?: unknown } } | undefined)?.type?.column;
      const at =
        typeof typeColumn === 'number' ? typeColumn - 1 : analysis.columns.indexOf(String(typeColumn));
      if (at >= 0) {
        const body = draft.header === false ? records : records.slice(1);
        analysis.typeValues = [...new Set(body.map((r) => r.fields[at]?.trim() ?? '').filter(Boolean))].slice(
          0,
          50,
        );
      }
      if (map) analysis.preview = previewCsv(map, records, defaults);
    }
  } catch (error) {
    analysis.problems.push(...problemsOf(error));
  }
  return analysis;
}
