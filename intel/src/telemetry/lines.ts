import type { Readable } from 'node:stream';
import type { TelemetryItem } from './telemetry-event.js';

/** Longer lines are rejected: no sensor writes a record that size, so it is damage or an attack. */
export const MAX_LINE_BYTES = 1024 * 1024;
export const BATCH_SIZE = 1000;

/** A line that was too long, by its length; its bytes were dropped as they arrived. */
export interface LongLine {
  tooLong: number;
}
export type Line = string | LongLine;

const NEWLINE = 0x0a;

function decode(bytes: Buffer, start: number, end: number): string {
  // CRLF files: the CR belongs to the line ending, not to the last field.
  const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
  return bytes.toString('utf8', start, stop);
}

/**
 * The lines of a byte stream, a batch per chunk read (an await per line is what makes line parsers
 * slow). Memory stays bounded whatever the input: the only thing carried between chunks is the
 * unfinished line, and once that passes `max` bytes it is dropped and only counted until its end,
 * so a 1 GB line costs no more than a short one. Splitting on the newline byte never cuts a UTF-8
 * character (0x0a never occurs inside one), so each line is decoded whole.
 */
export async function* lineBatches(
  input: AsyncIterable<Buffer | string>,
  max = MAX_LINE_BYTES,
): AsyncGenerator<Line[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipped = -1;
  for await (const piece of input) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    const out: Line[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      const length = pendingBytes + (skipped >= 0 ? skipped : 0) + nl - start;
      if (skipped >= 0 || length > max) out.push({ tooLong: length });
      else if (pendingBytes === 0) out.push(decode(chunk, start, nl));
      else {
        const whole = Buffer.concat([...pending, chunk.subarray(start, nl)]);
        out.push(decode(whole, 0, whole.length));
      }
      pending = [];
      pendingBytes = 0;
      skipped = -1;
      start = nl + 1;
    }
    const rest = chunk.length - start;
    if (rest > 0) {
      if (skipped >= 0) skipped += rest;
      else if (pendingBytes + rest > max) {
        skipped = pendingBytes + rest;
        pending = [];
        pendingBytes = 0;
      } else {
        pending.push(chunk.subarray(start));
        pendingBytes += rest;
      }
    }
    if (out.length > 0) yield out;
  }
  // The last line needs no newline.
  if (skipped >= 0) yield [{ tooLong: skipped }];
  else if (pendingBytes > 0) {
    const whole = Buffer.concat(pending);
    yield [decode(whole, 0, whole.length)];
  }
}

/** Turns one line into an item, or undefined to skip it (blank lines, comments, headers). */
export type LineHandler = (text: string, where: string, line: number) => TelemetryItem | undefined;

/**
 * Runs `handle` over every line of the input and yields its items in batches of at most
 * BATCH_SIZE. Blank lines are skipped here, overlong ones rejected, so handlers see neither.
 */
export async function* itemBatches(input: Readable, handle: LineHandler): AsyncGenerator<TelemetryItem[]> {
  let line = 0;
  let batch: TelemetryItem[] = [];
  for await (const lines of lineBatches(input)) {
    for (const text of lines) {
      line++;
      const where = `line ${line}`;
      let item: TelemetryItem | undefined;
      if (typeof text !== 'string')
        item = {
          kind: 'reject',
          where,
          reason: `line longer than ${MAX_LINE_BYTES} bytes (${text.tooLong} bytes): skipped unread`,
        };
      else {
        // openInput drops the BOM; a raw stream may still carry one.
        const clean = line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        if (clean.length === 0 || (clean.charCodeAt(0) <= 32 && clean.trim() === '')) continue;
        item = handle(clean, where, line);
      }
      if (item === undefined) continue;
      batch.push(item);
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The first non-blank line of a sample, trimmed; `complete` is false when the sample ends inside
 * it (a record longer than 64 KiB), so detection can tell a cut record from a malformed one.
 */
export function firstLine(head: string): { text: string; complete: boolean } | undefined {
  let start = 0;
  while (start < head.length) {
    let end = head.indexOf('\n', start);
    const complete = end !== -1;
    if (!complete) end = head.length;
    const text = head
      .slice(start, end)
      .replace(/^\uFEFF/, '')
      .trim();
    if (text !== '') return { text, complete };
    start = end + 1;
  }
  return undefined;
}
