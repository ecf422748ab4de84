import type { Readable } from 'node:stream';
import { jsonArrayItems } from '../formats/lib/json-stream.js';
import { leakItem, type LeakItem } from './leak-post.js';

/**
 * Ransomware leak-site post datasets (ransomwatch `posts.json`, ransomware.live victim lists) and
 * paste-site dumps: one JSON array, read one element at a time. Every element is yielded, duplicate
 * (group, victim) pairs included: the database keeps one post per (group, victim, date), and a
 * re-post on another day is a fact worth keeping. Victims are claims of criminals, unverified.
 */

export interface LeakSample {
  fileName: string;
  /** The first 64 KiB, decompressed, without a BOM. */
  head: string;
}

export interface LeakAdapter {
  name: 'leak-sites';
  description: string;
  /** Cheap, never throws. */
  detect(sample: LeakSample): boolean;
  /** Throws `InputRefused` when the input is not a JSON array (or is malformed or truncated JSON). */
  parse(input: Readable, ctx: LeakSample): AsyncIterable<LeakItem>;
}

const WHAT = 'a leak-site or paste dataset (a JSON array of posts)';

// Keys of the first element, as the sample shows them; a key followed by its colon, not a value.
const key = (head: string, names: string) => new RegExp(`"(?:${names})"\\s*:`).test(head);

async function* posts(input: Readable): AsyncGenerator<LeakItem> {
  for await (const { key: index, value } of jsonArrayItems(input, WHAT)) yield leakItem(value, `$[${index}]`);
}

export const leakSites: LeakAdapter = {
  name: 'leak-sites',
  description: 'Ransomware leak-site posts (ransomwatch, ransomware.live) and paste-site dumps (JSON array)',
  detect: ({ head }) =>
    /^\s*\[\s*(?:\{|$)/.test(head) &&
    ((key(head, 'post_title|victim') && key(head, 'group_name|group')) ||
      (key(head, 'content|text') && key(head, 'source|site') && key(head, 'date|published|created_at'))),
  parse: (input) => posts(input),
};
