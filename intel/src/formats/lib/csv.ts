import type { Readable, TransformCallback } from 'node:stream';
import { Parser, type CsvError, type Options } from 'csv-parse';
import { InputRefused } from '../format.js';
import { CSV_OPTIONS as OPTIONS, FATAL } from './csv-options.js';

/** One CSV record and the physical line it ends on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A record csv-parse could not read; the rest of the file goes on. */
export interface CsvProblem {
  line: number;
  problem: string;
}

export type CsvItem = CsvRecord | CsvProblem;

/**
 * csv-parse, handing on one array of records per input chunk with each record's line. Reading
 * `parser.info.lines` while a record is pushed costs nothing, whereas `info: true` and `on_record`
 * copy the whole info object per record (half the speed); batching saves a trip through the
 * object-mode queue per record. Both matter for the multi-million-row feeds.
 */
class BatchingParser extends Parser {
  private batch: CsvItem[] = [];

  constructor(options: Options) {
    super(options);
    this.on('skip', (error: CsvError & { lines?: number }) => {
      const line = error.lines ?? this.info.lines;
      if (FATAL.has(error.code)) {
        const cause =
          error.code === 'CSV_QUOTE_NOT_CLOSED'
            ? 'a quoted field is never closed'
            : 'a record is longer than 1,000,000 characters (a quote left open?)';
        this.destroy(new InputRefused(`malformed CSV near line ${line}: ${cause}`));
      } else this.batch.push({ line, problem: error.message });
    });
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) {
      this.flushBatch();
      return super.push(null, encoding);
    }
    this.batch.push({ line: this.info.lines, fields: chunk as string[] });
    return true;
  }

  override _transform(chunk: Buffer, encoding: BufferEncoding, callback: TransformCallback): void {
    super._transform(chunk, encoding, (error?: Error | null) => {
      this.flushBatch();
      callback(error);
    });
  }

  override _flush(callback: TransformCallback): void {
    super._flush((error?: Error | null) => {
      this.flushBatch();
      callback(error);
    });
  }

  private flushBatch(): void {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    super.push(batch);
  }
}

/**
 * CSV records in batches with their line numbers: quoted fields, CRLF, `#` comment lines skipped,
 * short or long rows passed on as they are. `separator: ', '` also takes abuse.ch's `", "` between
 * quoted fields; `delimiter` names another one-character separator. An unclosed quote refuses the
 * input (InputRefused).
 */
export async function* csvBatches(
  input: Readable,
  options: { separator?: ',' | ', '; delimiter?: string } = {},
): AsyncGenerator<CsvItem[]> {
  const parser = new BatchingParser({
    ...OPTIONS,
    // `delimiter`: any one character a feed map names (`;`, a tab).
    delimiter: options.delimiter ?? (options.separator === ', ' ? [', ', ','] : ','),
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const batch of parser as AsyncIterable<CsvItem[]>) yield batch;
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused(`unreadable CSV: ${(error as Error).message}`);
  } finally {
    // The consumer may stop early; the file must not stay open.
    input.unpipe(parser);
    input.destroy();
    parser.destroy();
  }
}
