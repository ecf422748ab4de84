import type { Readable } from 'node:stream';
import type { Token } from 'stream-json/parser.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { InputRefused } from '../format.js';
import { streamedItems, type Keyed } from '../lib/json-stream.js';

const KINDS: Partial<Record<Token['name'], string>> = {
  startObject: 'an object',
  stringValue: 'a string',
  numberValue: 'a number',
  nullValue: 'null',
  trueValue: 'true',
  falseValue: 'false',
};

/**
 * Watches the tokens for the value at `path` (dotted object keys, '' for the whole document) and
 * refuses it unless it is an array, before its first record is read.
 */
function recordsGuard(path: string) {
  const open: { path: string | null; array: boolean }[] = [];
  let key: string | undefined;
  const state = { found: false };
  const check = (token: Token): Token => {
    if (token.name === 'keyValue') {
      key = String(token.value);
      return token;
    }
    if (token.name === 'endObject' || token.name === 'endArray') {
      open.pop();
      return token;
    }
    const parent = open.at(-1);
    const here =
      parent === undefined
        ? ''
        : parent.path === null || parent.array || key === undefined
          ? null
          : parent.path === ''
            ? key
            : `${parent.path}.${key}`;
    key = undefined;
    if (here === path) {
      if (token.name !== 'startArray')
        throw new InputRefused(
          path === ''
            ? `the document is ${KINDS[token.name] ?? 'not an array'}, not an array of records: name the array with "records" in the map`
            : `"records": "${path}" is ${KINDS[token.name] ?? 'not an array'}, not an array`,
        );
      state.found = true;
    }
    if (token.name === 'startObject' || token.name === 'startArray')
      open.push({ path: here, array: token.name === 'startArray' });
    return token;
  };
  return { check, state };
}

/** The records of the array at `path`, one at a time in constant memory (stream-json). */
export async function* jsonRecords(input: Readable, path: string): AsyncGenerator<Keyed<number>> {
  const guard = recordsGuard(path);
  const stages: unknown[] = [guard.check];
  if (path !== '') stages.push(pick({ filter: path }));
  stages.push(streamArray());
  yield* streamedItems<Keyed<number>>(input, stages);
  if (!guard.state.found) throw new InputRefused(`"records": there is no "${path}" in the document`);
}
