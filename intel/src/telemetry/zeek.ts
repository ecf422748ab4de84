import type { Readable } from 'node:stream';
import { InputRefused } from '../formats/format.js';
import { isObject } from '../formats/lib/fields.js';
import { fileStem } from './common.js';
import { firstLine, itemBatches } from './lines.js';
import { str } from './observables.js';
import type { TelemetryContext, TelemetryFormat, TelemetryItem } from './telemetry-event.js';
import { isoMicros, zeekTime } from './time.js';
import { logPathOfFields, logPathOfFileName, ZEEK_FIELDS, zeekEvent } from './zeek-record.js';
import { newTsvHeader, readDirective, tsvRecord } from './zeek-tsv.js';

/**
 * Zeek logs, both writers: TSV (`#separator`, `#fields`, `#types` headers) and JSON lines
 * (`LogAscii::use_json`). The log path (conn, dns, http, ssl, files…) is TSV's `#path`; in JSON it
 * is `_path` when the shipper added one, else the file name (`conn.log` → conn), else guessed
 * from the record's fields. Lines are told apart one by one (`#` header, `{` JSON, else TSV),
 * so a JSON file with a stray header or a TSV file cut mid-header still parses what it can.
 */

const looksLikeZeekJson = (record: Record<string, unknown>) =>
  'ts' in record &&
  (('uid' in record && ('id.orig_h' in record || isObject(record.id))) ||
    typeof record._path === 'string' ||
    'fuid' in record);

function detect(sample: { fileName: string; head: string }): boolean {
  const line = firstLine(sample.head)?.text;
  if (line === undefined) return false;
  if (/^#separator[ \t]/.test(line)) return true;
  if (!line.startsWith('{')) return false;
  try {
    const record: unknown = JSON.parse(line);
    return isObject(record) && looksLikeZeekJson(record);
  } catch {
    return false;
  }
}

/** Refuses when read, as other input errors are, rather than when parse is called. */
function refuse(input: Readable, message: string): AsyncIterable<TelemetryItem[]> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        input.destroy();
        return Promise.reject(new InputRefused(message));
      },
    }),
  };
}

function parse(input: Readable, ctx: TelemetryContext): AsyncIterable<TelemetryItem[]> {
  const base = ctx.baseTime === undefined ? undefined : isoMicros(ctx.baseTime);
  if (ctx.baseTime !== undefined && base === undefined)
    return refuse(input, `the base time ${JSON.stringify(ctx.baseTime)} is not an ISO 8601 date-time`);
  const sensor = str(ctx.sensor) ?? fileStem(ctx.fileName);
  const pathOfName = logPathOfFileName(ctx.fileName);
  const header = newTsvHeader();

  const item = (record: Record<string, unknown>, where: string, path: string | undefined): TelemetryItem => {
    const time = zeekTime(record.ts, base);
    if (!time.ok) return { kind: 'reject', where, reason: time.reason };
    const eventType = path ?? pathOfName ?? logPathOfFields(record);
    return zeekEvent(record, { where, sensor, time: time.time, eventType });
  };

  return itemBatches(input, (text, where) => {
    if (text.startsWith('#')) {
      // Headers update the state; #open, #close and comments carry nothing for events.
      readDirective(text, header);
      return undefined;
    }
    if (text.startsWith('{')) {
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch (error) {
        return { kind: 'reject', where, reason: `not JSON: ${(error as Error).message}` };
      }
      if (!isObject(record)) return { kind: 'reject', where, reason: 'not a JSON object' };
      return item(record, where, str(record._path));
    }
    const record = tsvRecord(text, header, ZEEK_FIELDS);
    if (typeof record === 'string') return { kind: 'reject', where, reason: record };
    return item(record, where, header.path);
  });
}

export const zeek: TelemetryFormat = {
  name: 'zeek',
  description: 'Zeek logs, TSV or JSON (conn, dns, http, ssl, files, x509, smtp, notice…)',
  detect,
  parse,
};
