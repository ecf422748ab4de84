import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { InputRefused, type Sample } from '../formats/format.js';

const SAMPLE_BYTES = 64 * 1024;
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

async function isGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    return bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function refusal(error: unknown): Error {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'Z_BUF_ERROR' || e.code === 'Z_DATA_ERROR' || /unexpected end of file|incorrect header/i.test(e.message))
    return new InputRefused(`the gzip stream is truncated or damaged: ${e.message}`);
  return e;
}

/**
 * Opens a file for an importer: gzip recognised by its magic bytes (not its name) and
 * decompressed on the fly, a UTF-8 BOM dropped, and the first 64 KiB kept as a sample for format
 * detection without reading the file twice.
 */
export async function openInput(file: string): Promise<OpenedInput> {
  const { size } = await stat(file);
  if (size === 0) throw new InputRefused(`${path.basename(file)}: the file is empty`);
  const raw = createReadStream(file, { highWaterMark: 256 * 1024 });
  const source: Readable = (await isGzip(file)) ? raw.pipe(createGunzip()) : raw;
  if (source !== raw) raw.on('error', (error) => source.destroy(error));
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < SAMPLE_BYTES) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
  } catch (error) {
    throw refusal(error);
  }
  let first = Buffer.concat(head);
  if (first.subarray(0, 3).equals(BOM)) first = first.subarray(3);
  if (first.length === 0) throw new InputRefused(`${path.basename(file)}: the file is empty`);
  async function* rest(): AsyncGenerator<Buffer> {
    yield first;
    if (ended) return;
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } catch (error) {
      throw refusal(error);
    }
  }
  return {
    sample: { fileName: path.basename(file), head: first.subarray(0, SAMPLE_BYTES).toString('utf8') },
    stream: Readable.from(rest(), { objectMode: false }),
    bytesTotal: size,
    bytesRead: () => raw.bytesRead,
  };
}
