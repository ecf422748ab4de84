import type { Writable } from 'node:stream';
import { simplePatternValues } from '../formats/stix/pattern.js';
import { TLP_LEVELS, TLP_MARKINGS, type StixObject } from './stix-pages.js';
import { write } from './write-stream.js';

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

export const CSV_COLUMNS = [
  'type',
  'value',
  'tlp',
  'confidence',
  'valid_from',
  'modified',
  'labels',
  'name',
  'stix_id',
];

function tlpOf(object: StixObject): string {
  const refs = Array.isArray(object.object_marking_refs) ? (object.object_marking_refs as string[]) : [];
  return TLP_LEVELS.filter((l) => refs.includes(TLP_MARKINGS[l])).pop() ?? '';
}

/** The selection's indicators as CSV, a row per value. */
export async function writeIndicatorCsv(pages: AsyncIterable<StixObject[]>, out: Writable): Promise<number> {
  await write(out, `${CSV_COLUMNS.join(',')}\r\n`);
  let count = 0;
  for await (const objects of pages) {
    let chunk = '';
    for (const o of objects) {
      if (o.type !== 'indicator' || typeof o.pattern !== 'string') continue;
      for (const { type, value } of simplePatternValues(o.pattern) ?? []) {
        const labels = Array.isArray(o.labels) ? (o.labels as string[]).join(';') : '';
        const row = [type, value, tlpOf(o), o.confidence, o.valid_from, o.modified, labels, o.name, o.id];
        chunk += `${row.map(csvCell).join(',')}\r\n`;
        count += 1;
      }
    }
    if (chunk) await write(out, chunk);
  }
  return count;
}
