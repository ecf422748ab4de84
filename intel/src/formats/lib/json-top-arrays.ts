import type { Readable } from 'node:stream';
import { chainUnchecked } from 'stream-chain';
import type { Token } from 'stream-json/parser.js';
import { boundedJsonParser } from './bounded-json.js';
import { InputRefused } from '../format.js';

/**
 * The elements of every array directly under a top-level object (`{"allow": [...], "deny": [...]}`),
 * one at a time as the tokens go by, in constant memory: block lists keep several lists side by
 * side, and the streamers of json-stream.ts read only one of them. Elements are scalars; an object
 * or array in their place is reported as NESTED (and skipped), for the caller to reject.
 */

export const NESTED = Symbol('nested JSON value');

export interface TopArrayElement {
  /** The top-level key whose array holds the element. */
  key: string;
  index: number;
  value: string | number | boolean | null | typeof NESTED;
}

/** The value of a scalar token; undefined for structure tokens. */
export function scalar(token: Token): TopArrayElement['value'] | undefined {
  switch (token.name) {
    case 'stringValue':
      return token.value;
    case 'numberValue':
      return Number(token.value);
    case 'trueValue':
    case 'falseValue':
    case 'nullValue':
      return token.value;
    default:
      return undefined;
  }
}

/**
 * Elements of the arrays under the top-level keys; `required` must be one of them. Values of other
 * shapes under other keys are passed over. A document that is not an object, a missing or non-array
 * `required`, and any parse error (a truncated file included) refuse the input.
 */
export async function* jsonTopLevelArrays(
  input: Readable,
  required: string,
  what: string,
): AsyncGenerator<TopArrayElement> {
  const chained = chainUnchecked<Buffer, Token>(boundedJsonParser());
  input.on('error', (error) => chained.destroy(error));
  input.pipe(chained);
  let depth = 0;
  let key: string | undefined;
  /** The key of the array being read (depth 2 is inside it), or undefined outside one. */
  let inArray: string | undefined;
  let index = 0;
  let found = false;
  try {
    for await (const token of chained as AsyncIterable<Token>) {
      if (depth === 0 && token.name !== 'startObject')
        throw new InputRefused(`not ${what}: the document is not a JSON object`);
      if (depth === 1 && token.name === 'keyValue') {
        key = token.value as string;
        continue;
      }
      if (depth === 1 && key !== undefined) {
        // The value of `key`: an array is read element by element, anything else passed over.
        if (token.name === 'startArray') {
          inArray = key;
          index = 0;
          if (key === required) found = true;
        } else if (key === required) throw new InputRefused(`not ${what}: "${required}" is not an array`);
        key = undefined;
      } else if (depth === 2 && inArray !== undefined) {
        const value = scalar(token);
        if (value !== undefined) yield { key: inArray, index: index++, value };
        else if (token.name === 'startObject' || token.name === 'startArray')
          yield { key: inArray, index: index++, value: NESTED };
      }
      if (token.name === 'startObject' || token.name === 'startArray') depth++;
      else if (token.name === 'endObject' || token.name === 'endArray') {
        depth--;
        if (depth === 1) inArray = undefined;
      }
    }
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused(`malformed or truncated JSON: ${(error as Error).message}`);
  } finally {
    input.unpipe(chained);
    input.destroy();
    chained.destroy();
  }
  if (!found) throw new InputRefused(`not ${what}: there is no "${required}" array`);
}
