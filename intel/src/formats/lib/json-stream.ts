import type { Readable } from 'node:stream';
import { chainUnchecked } from 'stream-chain';
import type { Token } from 'stream-json/parser.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamObject } from 'stream-json/streamers/stream-object.js';
import { InputRefused } from '../format.js';
import { boundedJsonParser } from './bounded-json.js';

/**
 * Large JSON inputs one element at a time (stream-json), in constant memory, with the top-level
 * shape checked as the tokens go by: a KEV file without its `vulnerabilities` array, or an array
 * where an object is expected, is refused with a message saying so instead of yielding nothing.
 * Any parse error, a truncated file included, refuses the input, and so does a value or nesting
 * past the input bounds (input/limits.ts).
 */

export interface Keyed<K> {
  key: K;
  value: unknown;
}

interface Shape {
  top: 'array' | 'object';
  /** The key of the top-level object whose array holds the records. */
  arrayAt?: string;
}

/** Watches the tokens go by for the expected shape; `found` says whether `arrayAt` was seen. */
function shapeGuard({ top, arrayAt }: Shape, what: string) {
  let depth = 0;
  let keyMatched = false;
  const state = { found: arrayAt === undefined };
  const check = (token: Token): Token => {
    if (depth === 0 && token.name !== (top === 'array' ? 'startArray' : 'startObject'))
      throw new InputRefused(`not ${what}: the document is not a JSON ${top}`);
    if (keyMatched) {
      keyMatched = false;
      if (token.name !== 'startArray') throw new InputRefused(`not ${what}: "${arrayAt}" is not an array`);
      state.found = true;
    }
    if (token.name === 'startObject' || token.name === 'startArray') depth++;
    else if (token.name === 'endObject' || token.name === 'endArray') depth--;
    else if (depth === 1 && token.name === 'keyValue' && token.value === arrayAt) keyMatched = true;
    return token;
  };
  return { check, state };
}

/**
 * The items `stages` (after the bounded parser) make of the input, in constant memory: any parse
 * error refuses the input, and the input is closed however the consumer stops.
 */
export async function* streamedItems<T>(input: Readable, stages: unknown[]): AsyncGenerator<T> {
  // Packed tokens only reach the streamers (the bounded parser drops the chunks it measures).
  const chained = chainUnchecked<Buffer, T>([...boundedJsonParser(), ...stages]);
  input.on('error', (error) => chained.destroy(error));
  input.pipe(chained);
  try {
    for await (const item of chained as AsyncIterable<T>) yield item;
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused(`malformed or truncated JSON: ${(error as Error).message}`);
  } finally {
    input.unpipe(chained);
    input.destroy();
    chained.destroy();
  }
}

async function* items<K>(input: Readable, shape: Shape, what: string): AsyncGenerator<Keyed<K>> {
  const guard = shapeGuard(shape, what);
  const stages: unknown[] = [guard.check];
  if (shape.arrayAt !== undefined) stages.push(pick({ filter: shape.arrayAt }), streamArray());
  else stages.push(shape.top === 'array' ? streamArray() : streamObject());
  yield* streamedItems<Keyed<K>>(input, stages);
  if (!guard.state.found) throw new InputRefused(`not ${what}: there is no "${shape.arrayAt}" array`);
}

/** Elements of the array under `key` of the top-level object (`{"vulnerabilities": [...]}`). */
export const jsonArrayAt = (input: Readable, key: string, what: string): AsyncGenerator<Keyed<number>> =>
  items<number>(input, { top: 'object', arrayAt: key }, what);

/** Elements of a top-level array. */
export const jsonArrayItems = (input: Readable, what: string): AsyncGenerator<Keyed<number>> =>
  items<number>(input, { top: 'array' }, what);

/** Entries of a top-level object. */
export const jsonObjectEntries = (input: Readable, what: string): AsyncGenerator<Keyed<string>> =>
  items<string>(input, { top: 'object' }, what);

/** A whole small document (one CVE record), parsed at once; refused past `maxBytes`. */
export async function jsonDocument(input: Readable, maxBytes: number, what: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of input) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buffer.length;
      if (size > maxBytes)
        throw new InputRefused(`${what} larger than ${maxBytes / 1024 / 1024} MB is not imported`);
      chunks.push(buffer);
    }
  } finally {
    input.destroy();
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw new InputRefused(`malformed or truncated JSON: ${(error as Error).message}`);
  }
}

/** A JSON path step for an object key: `.name` when it is a plain name, else `['…']`. */
export const pathKey = (key: string): string =>
  /^[A-Za-z0-9_]+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
