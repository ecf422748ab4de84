import { Transform, type Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { InputRefused } from '../formats/format.js';
import { csvBody } from '../formats/lib/csv-body.js';
import { columnIndexes, type CsvHeader } from '../formats/lib/csv-header.js';
import { nonEmpty } from '../formats/lib/fields.js';
import { ASSET_COLUMNS, assetItem, type AssetFields, type AssetItem } from './asset-row.js';

/**
 * An external-asset inventory as spreadsheets export it: a header naming the columns in any order
 * and case (unknown ones ignored), one asset and at most one product per row. Rows with a problem
 * are rejected with their line and the others import; only a missing header refuses the file.
 */

export interface AssetSample {
  fileName: string;
  /** The first 64 KiB, decompressed. */
  head: string;
}

export interface AssetsAdapter {
  name: 'assets';
  description: string;
  /** Cheap, never throws. */
  detect(sample: AssetSample): boolean;
  /** Throws `InputRefused` when there is no header naming hostname or ip, or a quote is never closed. */
  parse(input: Readable, ctx: AssetSample): AsyncIterable<AssetItem>;
}

const BOM = '\uFEFF';
const BOM_BYTES = Buffer.from(BOM);
const NO_HEADER = `not an asset inventory: the first line must be a header naming a hostname or ip column (${ASSET_COLUMNS.join(', ')})`;

type Header = { ok: true; header: CsvHeader } | { ok: false; reason: string };

/** The column names of the first record of the sample, lower-case and trimmed. */
function headerOf(head: string): Header {
  const text = head.startsWith(BOM) ? head.slice(1) : head;
  const line = text.split('\n', 50).find((l) => l.trim() !== '' && !l.startsWith('#'));
  if (line === undefined) return { ok: false, reason: NO_HEADER };
  let fields: string[];
  try {
    fields = (parseCsv(line.replace(/\r$/, ''), { relax_quotes: true }) as string[][])[0] ?? [];
  } catch {
    return { ok: false, reason: NO_HEADER };
  }
  const columns = fields.map((name) => name.trim().toLowerCase());
  if (!columns.includes('hostname') && !columns.includes('ip')) return { ok: false, reason: NO_HEADER };
  const twice = ASSET_COLUMNS.find((name) => columns.indexOf(name) !== columns.lastIndexOf(name));
  // Which of two `ip` columns is meant cannot be guessed; importing either could be wrong.
  if (twice) return { ok: false, reason: `the header names the ${twice} column twice` };
  return { ok: true, header: { columns, commented: false } };
}

/** The input without a leading UTF-8 BOM, which would otherwise stick to the first column name. */
function withoutBom(input: Readable): Readable {
  let start = Buffer.alloc(0);
  let done = false;
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      start = Buffer.concat([start, chunk]);
      // The BOM may arrive split over chunks of one or two bytes.
      if (start.length < BOM_BYTES.length && BOM_BYTES.subarray(0, start.length).equals(start))
        return callback();
      done = true;
      callback(
        null,
        start.subarray(0, BOM_BYTES.length).equals(BOM_BYTES) ? start.subarray(BOM_BYTES.length) : start,
      );
    },
    flush(callback) {
      if (!done && start.length > 0) this.push(start);
      callback();
    },
  });
  input.on('error', (error) => output.destroy(error));
  output.on('close', () => input.destroy());
  return input.pipe(output);
}

async function* rows(input: Readable, header: CsvHeader): AsyncGenerator<AssetItem> {
  const at = columnIndexes(header, ASSET_COLUMNS);
  for await (const batch of csvBody(input, header, { headerRequired: NO_HEADER })) {
    for (const item of batch) {
      if ('kind' in item) {
        yield item;
        continue;
      }
      const fields: AssetFields = {};
      for (const name of ASSET_COLUMNS) {
        const value = at[name] === -1 ? undefined : nonEmpty(item.fields[at[name]]);
        if (value !== undefined) fields[name] = value;
      }
      // Spreadsheets export trailing `,,,,` rows; they are no asset and no error either.
      if (Object.keys(fields).length === 0 && item.fields.every((field) => field.trim() === '')) continue;
      yield assetItem(fields, `line ${item.line}`);
    }
  }
}

/** Refuses the input when it is read, as parse errors are, rather than when parse is called. */
function refused(input: Readable, reason: string): AsyncIterable<AssetItem> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        input.destroy();
        return Promise.reject(new InputRefused(reason));
      },
    }),
  };
}

export const assetsCsv: AssetsAdapter = {
  name: 'assets',
  description:
    'External asset inventory (CSV: hostname, ip, owner, criticality, vendor, product, version, cpe)',
  detect: ({ head }) => {
    const found = headerOf(head);
    return found.ok && ASSET_COLUMNS.filter((name) => found.header.columns.includes(name)).length >= 2;
  },
  parse(input, ctx) {
    const found = headerOf(ctx.head);
    return found.ok ? rows(withoutBom(input), found.header) : refused(input, found.reason);
  },
};
