import type { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { defined, isObject, nonEmpty } from '../lib/fields.js';
import { jsonArrayItems } from '../lib/json-stream.js';
import { jsonTopLevelArrays, NESTED } from '../lib/json-top-arrays.js';
import { listEntry } from './list-entry.js';

/**
 * The polkadot-js phishing list (github.com/polkadot-js/phishing): `all.json` with its `deny` list
 * of phishing hosts, the `allow` list of shared-hosting suffixes that must never be blocked whole,
 * and `denySub` (a path on a host, e.g. an impersonating account); and the `meta/<YYYY-MM>.json`
 * files that log each addition with its day (`[{date, url}]`).
 */

const ALL_WHAT = 'a polkadot-js phishing list (an object with a "deny" array)';
const META_WHAT = 'a polkadot-js phishing log (a JSON array of {date, url})';
const PHISHING = { labels: ['phishing'], threat: 'phishing' } as const;

/** One host (or URL) of the list → an indicator draft, or the reason it is none. */
function hostDraft(where: string, raw: unknown, list: string, firstSeen?: string): Draft {
  const text = nonEmpty(raw);
  if (typeof raw !== 'string' || text === undefined)
    return { kind: 'reject', where, reason: 'not a host name (a non-empty string was expected)' };
  const entry = listEntry(text);
  if (entry.kind === 'path')
    return { kind: 'reject', where, reason: `a path without a host: "${text.slice(0, 80)}"` };
  return {
    kind: 'indicator',
    where,
    type: entry.type,
    value: entry.value,
    firstSeen,
    labels: [...PHISHING.labels],
    context: defined({ threat_type: PHISHING.threat, list, port: entry.port }),
  };
}

/** `all.json`: `deny` and `denySub` entries are indicators; `allow` entries are counted as ignored. */
export async function* polkadotAllDrafts(input: Readable): AsyncGenerator<Draft> {
  for await (const { key, index, value } of jsonTopLevelArrays(input, 'deny', ALL_WHAT)) {
    const where = `$.${key}[${index}]`;
    if (key === 'allow') {
      yield { kind: 'ignored', where, what: 'allow-listed hosting suffix' };
    } else if (key === 'deny' || key === 'denySub') {
      yield value === NESTED
        ? { kind: 'reject', where, reason: 'not a host name (a string was expected)' }
        : hostDraft(where, value, key);
    } else {
      yield { kind: 'ignored', where, what: `"${key.slice(0, 40)}" list entry` };
    }
  }
}

/** `meta/<YYYY-MM>.json`: each entry is an indicator first seen on its `date`. */
export async function* polkadotMetaDrafts(input: Readable): AsyncGenerator<Draft> {
  for await (const { key, value } of jsonArrayItems(input, META_WHAT)) {
    const where = `$[${key}]`;
    if (!isObject(value)) {
      yield {
        kind: 'reject',
        where,
        reason: 'not a phishing log entry (an object with date and url was expected)',
      };
      continue;
    }
    yield hostDraft(where, value.url, 'deny', nonEmpty(value.date));
  }
}
