import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { InputRefused, type Sample } from '../formats/format.js';
import { inputLimits, limitVariable } from './limits.js';

/** How much of the decompressed text format detection and the adapters' header reading see. */
export const SAMPLE_BYTES = 64 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export interface OpenedInput {
  sample: Sample;
  /** The decompressed bytes, BOM removed, the sample included. */
  stream: Readable;
  /** Size of the file on disk. */
  bytesTotal: number;
  /** Bytes of the file read so far (compressed), for progress and ETA. */
  bytesRead: () => number;
}

async function startsWithGzipMagic(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    return bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** At most `max` bytes as text, cut before a character that would not fit whole. */
function utf8Prefix(bytes: Buffer, max: number): string {
  let end = Math.min(bytes.length, max);
  // 0b10xxxxxx bytes continue a character: step back to the byte that starts it.
  if (end < bytes.length) while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** zlib's errors, in words for the person running the import. */
function refusal(error: unknown, gzip: boolean): unknown {
  if (!gzip || error instanceof InputRefused || !(error instanceof Error)) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return code.startsWith('Z_')
    ? new InputRefused(`the gzip stream is truncated or damaged: ${error.message}`)
    : error;
}

/**
 * The decompressed chunks, refused once past `max` bytes (a 4 MB gzip can hold 4 GiB): the reader
 * stops there, so what a bomb costs is bounded by the setting, not by what it holds.
 */
async function* boundedChunks(source: Readable, max: number): AsyncGenerator<Buffer, undefined> {
  let total = 0;
  for await (const chunk of source) {
    total += (chunk as Buffer).length;
    if (total > max)
      throw new InputRefused(
        `the file decompresses to more than ${max.toLocaleString('en')} bytes (the limit, ${limitVariable('maxDecompressedBytes')})`,
      );
    yield chunk as Buffer;
  }
  return undefined;
}

/**
 * Opens a file for an importer: gzip recognised by its magic bytes (not its name) and
 * decompressed on the fly within INTEL_MAX_DECOMPRESSED_BYTES (input/limits.ts), a UTF-8 BOM
 * dropped, and the first 64 KiB kept as a sample for format detection; the sample stays at the
 * front of the stream, so the file is read once.
 */
export async function openInput(file: string): Promise<OpenedInput> {
  const { size } = await stat(file);
  if (size === 0) throw new InputRefused('the file is empty');
  const limits = inputLimits();
  const gzip = await startsWithGzipMagic(file);
  const raw = createReadStream(file, { highWaterMark: 256 * 1024 });
  const source: Readable = gzip ? raw.pipe(createGunzip()) : raw;
  if (gzip) raw.on('error', (error) => source.destroy(error));
  const chunks: AsyncIterator<Buffer, undefined> = gzip
    ? boundedChunks(source, limits.maxDecompressedBytes)
    : (source[Symbol.asyncIterator]() as AsyncIterator<Buffer, undefined>);
  const close = () => {
    source.destroy();
    raw.destroy();
  };

  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < SAMPLE_BYTES + BOM.length) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      headChunks.push(next.value);
      headBytes += next.value.length;
    }
  } catch (error) {
    close();
    throw refusal(error, gzip);
  }
  let first = Buffer.concat(headChunks);
  if (first.subarray(0, 3).equals(BOM)) first = first.subarray(3);
  if (first.length === 0) {
    close();
    throw new InputRefused('the file is empty');
  }

  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield first;
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } catch (error) {
      throw refusal(error, gzip);
    } finally {
      close();
    }
  }
  const stream = Readable.from(all(), { objectMode: false });
  // A reader that stops before the first read (detection only) never runs the generator's finally.
  stream.once('close', close);
  return {
    sample: { fileName: path.basename(file), head: utf8Prefix(first, SAMPLE_BYTES) },
    stream,
    bytesTotal: size,
    bytesRead: () => raw.bytesRead,
  };
}
