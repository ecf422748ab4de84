import type { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { InputRefused, type FormatAdapter, type MappedFormatName, type SourceDefaults } from '../format.js';
import { csvBatches } from '../lib/csv.js';
import type { FeedMap } from './feed-map.js';
import { jsonRecords } from './json-records.js';
import {
  csvReader,
  jsonReader,
  MapDoesNotFit,
  mapRecord,
  resolveCsvColumns,
  typeLookup,
  type CsvColumns,
} from './map-record.js';

/** A source imported through a map: an analyst-named feed, judged F until an administrator says otherwise. */
const MAPPED_DEFAULTS: SourceDefaults = {
  name: 'Mapped feed',
  kind: 'file',
  reliability: 'F',
  tlp: 'amber',
  confidence: 50,
};

async function* csvDrafts(map: FeedMap, input: Readable): AsyncGenerator<Draft> {
  const lookup = typeLookup(map);
  let read: ReturnType<typeof csvReader> | undefined;
  for await (const batch of csvBatches(input, { delimiter: map.delimiter })) {
    for (const item of batch) {
      if ('problem' in item) {
        yield { kind: 'reject', where: `line ${item.line}`, reason: item.problem };
        continue;
      }
      if (!read) {
        let columns: CsvColumns;
        try {
          columns = resolveCsvColumns(map, item.fields);
        } catch (error) {
          if (error instanceof MapDoesNotFit) throw new InputRefused(error.message);
          throw error;
        }
        read = csvReader(columns);
        if (map.header) continue;
      }
      yield mapRecord(map, lookup, read, item.fields, `line ${item.line}`);
    }
  }
  if (!read) throw new InputRefused('the file has no rows (only blank or # comment lines)');
}

async function* jsonDrafts(map: FeedMap, input: Readable): AsyncGenerator<Draft> {
  const lookup = typeLookup(map);
  const read = jsonReader(map);
  const path = map.records ?? '';
  const prefix = path === '' ? '$' : `$.${path}`;
  for await (const { key, value } of jsonRecords(input, path)) {
    const where = `${prefix}[${key}]`;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      yield { kind: 'reject', where, reason: 'the record is not an object' };
    else yield mapRecord(map, lookup, read, value, where);
  }
}

/** An importer made from a feed map (feed-map.ts): no detection, the map says how to read. */
export function mappedFormat(map: FeedMap): FormatAdapter {
  const name: MappedFormatName = map.format === 'json' ? 'json-map' : 'csv-map';
  return {
    name,
    description: `a ${map.format.toUpperCase()} feed read through a map`,
    defaults: MAPPED_DEFAULTS,
    detect: () => false,
    parse: (input) => (map.format === 'json' ? jsonDrafts(map, input) : csvDrafts(map, input)),
  };
}
