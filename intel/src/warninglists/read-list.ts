import type { Readable } from 'node:stream';
import { chainUnchecked } from 'stream-chain';
import type { Token } from 'stream-json/parser.js';
import { boundedJsonParser } from '../formats/lib/bounded-json.js';
import { InputRefused } from '../formats/format.js';
import { scalar, type TopArrayElement } from '../formats/lib/json-top-arrays.js';

/**
 * One MISP warninglist file (schema.json upstream), read as a token stream: the largest lists
 * (100,000 domains) never become one parsed document, and a file that is not JSON, not an object,
 * or lacks `list`, `name`, `type` or `version` is refused with the reason. Upstream writes keys in
 * alphabetical order, so `type` comes after `list`: entries are kept raw and read by type later.
 */

export const WARNINGLIST_TYPES = ['string', 'substring', 'hostname', 'cidr', 'regex'] as const;
export type WarninglistType = (typeof WARNINGLIST_TYPES)[number];

export interface WarninglistFile {
  name: string;
  description: string;
  type: WarninglistType;
  version: number;
  /** MISP's category when the list gives one (`false_positive`, `known`). */
  category?: 'false_positive' | 'known';
  matchingAttributes: string[];
  /** The entries as listed; a non-string element is undefined (rejected by position). */
  entries: (string | undefined)[];
}

type Scalar = TopArrayElement['value'];

/** Top-level scalars and the string arrays under `list` and `matching_attributes`. */
async function readTopLevel(input: Readable) {
  const scalars = new Map<string, Scalar>();
  const arrays = new Map<string, (string | undefined)[]>();
  const chained = chainUnchecked<Buffer, Token>(boundedJsonParser());
  input.on('error', (error) => chained.destroy(error));
  input.pipe(chained);
  let depth = 0;
  let key: string | undefined;
  let array: (string | undefined)[] | undefined;
  try {
    for await (const token of chained as AsyncIterable<Token>) {
      if (depth === 0 && token.name !== 'startObject')
        throw new InputRefused('not a MISP warninglist: the document is not a JSON object');
      if (depth === 1 && token.name === 'keyValue') key = token.value as string;
      else if (depth === 1 && key !== undefined) {
        const value = scalar(token);
        if (value !== undefined) scalars.set(key, value);
        else if (token.name === 'startArray') arrays.set(key, (array = []));
        key = undefined;
      } else if (depth === 2 && array !== undefined && token.name !== 'endArray') {
        const value = scalar(token);
        // An object or array in the list is one entry that cannot be used.
        if (value === undefined && (token.name === 'startObject' || token.name === 'startArray'))
          array.push(undefined);
        else if (value !== undefined) array.push(typeof value === 'string' ? value : undefined);
      }
      if (token.name === 'startObject' || token.name === 'startArray') depth++;
      else if (token.name === 'endObject' || token.name === 'endArray') {
        depth--;
        if (depth === 1) array = undefined;
      }
    }
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused(`not JSON (malformed or truncated): ${(error as Error).message}`);
  } finally {
    input.unpipe(chained);
    input.destroy();
    chained.destroy();
  }
  return { scalars, arrays };
}

export async function readWarninglist(input: Readable): Promise<WarninglistFile> {
  const { scalars, arrays } = await readTopLevel(input);
  const entries = arrays.get('list');
  if (!entries) throw new InputRefused('not a MISP warninglist: there is no "list" array');
  const type = scalars.get('type');
  if (typeof type !== 'string') throw new InputRefused('not a MISP warninglist: there is no "type"');
  if (!(WARNINGLIST_TYPES as readonly string[]).includes(type))
    throw new InputRefused(`unknown type "${type.slice(0, 40)}": one of ${WARNINGLIST_TYPES.join(', ')}`);
  const name = scalars.get('name');
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
    throw new InputRefused('the list has no "name" (a text of 1 to 200 characters)');
  const version = scalars.get('version');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0)
    throw new InputRefused('"version" must be a whole number');
  if (entries.length === 0) throw new InputRefused('the list has no entries');
  const description = scalars.get('description');
  const category = scalars.get('category');
  return {
    name: name.trim(),
    description: typeof description === 'string' ? description.slice(0, 4000) : '',
    type: type as WarninglistType,
    version,
    ...(category === 'false_positive' || category === 'known' ? { category } : {}),
    matchingAttributes: (arrays.get('matching_attributes') ?? []).filter(
      (a): a is string => a !== undefined && a.length <= 100,
    ),
    entries,
  };
}

/** Cheap, never throws: an upstream list file, by its shape or by its name. */
export function looksLikeWarninglist({ fileName, head }: { fileName: string; head: string }): boolean {
  const text = head.trimStart();
  if (!text.startsWith('{') || !/"list"\s*:\s*\[/.test(text)) return false;
  return (
    fileName.toLowerCase() === 'list.json' ||
    /"matching_attributes"\s*:\s*\[/.test(text) ||
    /"type"\s*:\s*"(string|substring|hostname|cidr|regex)"/.test(text)
  );
}
