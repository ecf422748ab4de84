import type { Readable } from 'node:stream';
import { chainUnchecked } from 'stream-chain';
import parserStream from 'stream-json';
import pick from 'stream-json/filters/pick.js';
import streamArray from 'stream-json/streamers/stream-array.js';
import streamObject from 'stream-json/streamers/stream-object.js';
import { InputRefused } from '../format.js';

/**
 * Streaming JSON for the importers (stream-json): one element of a large array, or one entry of
 * a large object, at a time, in constant memory. A parse error anywhere refuses the input.
 */
async function* refusing<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused(`malformed or truncated JSON: ${(error as Error).message}`);
  }
}

/** The input through stream-json's stages; an error in any stage ends the iteration with it. */
function pipe<T>(input: Readable, stages: unknown[]): AsyncIterable<T> {
  const chained = chainUnchecked<Buffer, T>(stages);
  input.on('error', (error) => chained.destroy(error));
  input.pipe(chained);
  return chained as unknown as AsyncIterable<T>;
}

/** Elements of the array at `key` of the top-level object, or of a top-level array (key null). */
export function jsonArrayItems(input: Readable, key: string | null): AsyncGenerator<{ key: number; value: unknown }> {
  const stages = key === null ? [parserStream(), streamArray.asStream()] : [parserStream(), pick.asStream({ filter: key }), streamArray.asStream()];
  return refusing(pipe<{ key: number; value: unknown }>(input, stages));
}

/** Entries of the top-level object. */
export function jsonObjectEntries(input: Readable): AsyncGenerator<{ key: string; value: unknown }> {
  return refusing(pipe<{ key: string; value: unknown }>(input, [parserStream(), streamObject.asStream()]));
}

/** A whole small document (one CVE record, one MISP event), refused past `maxBytes`. */
export async function jsonDocument(input: Readable, maxBytes: number, what: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      input.destroy();
      throw new InputRefused(`${what} larger than ${Math.round(maxBytes / 1e6)} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new InputRefused(`malformed or truncated JSON: ${(error as Error).message}`);
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string field, trimmed; undefined when absent, empty or not text. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
