import { defined, isObject, nonEmpty } from '../formats/lib/fields.js';
import { toIsoTimestamp } from '../normalise/timestamps.js';
import { decodeHtmlEntities } from './html-entities.js';

/** One post of a ransomware leak site, or one paste, as claimed by its source (unverified). */
export interface LeakPost {
  kind: 'post';
  /** `$[12]`: the element of the top-level array. */
  where: string;
  source: 'leak-site' | 'paste';
  /** The ransomware group, trimmed and lower-case (`lockbit3`); pastes have none. */
  group?: string;
  /** The title as given, HTML entities decoded, trimmed (the raw title is in `context.title_raw`). */
  victim: string;
  /** ISO 8601 UTC. */
  publishedAt: string;
  /** ISO 3166 alpha-2, upper-case; a value that is not one stays in `context.country_raw`. */
  country?: string;
  sector?: string;
  website?: string;
  url?: string;
  /** Paste content, or a leak post's description; at most 64 KiB (`context.text_truncated`). */
  text?: string;
  context: Record<string, unknown>;
}

export interface LeakReject {
  kind: 'reject';
  where: string;
  reason: string;
}

export type LeakItem = LeakPost | LeakReject;

/** A paste of a few MB would be stored whole otherwise; keyword matching needs far less. */
export const MAX_TEXT_BYTES = 64 * 1024;

/** Sources write these for "unknown" (ransomware.live's `activity: "Not Found"`). */
const NO_VALUE = new Set(['not found', 'n/a', 'na', 'none', 'unknown', 'null', '-']);
const known = (value: unknown): string | undefined => {
  const t = nonEmpty(value);
  return t === undefined || NO_VALUE.has(t.toLowerCase()) ? undefined : t;
};

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Two-letter codes ICU knows that name no country. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO']);

function countryCode(raw: string): string | undefined {
  const code = raw.toUpperCase();
  // ISO reserves UK for the United Kingdom, whose code is GB; leak sites write UK often.
  if (code === 'UK') return 'GB';
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  return regions.of(code) === undefined ? undefined : code;
}

/** At most `MAX_TEXT_BYTES` of UTF-8, cut before a character that would not fit whole. */
function capped(text: string): { text: string; truncated?: { original_bytes: number; kept_bytes: number } } {
  const bytes = Buffer.from(text);
  if (bytes.length <= MAX_TEXT_BYTES) return { text };
  let end = MAX_TEXT_BYTES;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return {
    text: bytes.subarray(0, end).toString('utf8'),
    truncated: { original_bytes: bytes.length, kept_bytes: end },
  };
}

/** The first field of `names` with a value, and which one it was. */
function first(record: Record<string, unknown>, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const value = nonEmpty(record[name]);
    if (value !== undefined) return [name, value];
  }
  return undefined;
}

const LEAK_TITLE = ['post_title', 'victim'] as const;
const LEAK_GROUP = ['group_name', 'group'] as const;
// The leak site's own date first; when a crawler saw it and when the attack happened come after.
const LEAK_DATES = ['published', 'discovered', 'attackdate'] as const;
const PASTE_TEXT = ['content', 'text'] as const;
const PASTE_DATES = ['date', 'published', 'created_at'] as const;

const has = (record: Record<string, unknown>, names: readonly string[]) => names.some((n) => n in record);
const list = (names: readonly string[]) => names.join(', ');

/** One element of a leak-site or paste dataset → a post, or a reject saying what is missing. */
export function leakItem(value: unknown, where: string): LeakItem {
  const reject = (reason: string): LeakReject => ({ kind: 'reject', where, reason });
  if (!isObject(value)) return reject('not a post (an object was expected)');
  const paste = !has(value, LEAK_TITLE) && !has(value, LEAK_GROUP) && has(value, PASTE_TEXT);
  if (!paste && !has(value, LEAK_TITLE) && !has(value, LEAK_GROUP))
    return reject(`neither a leak-site post (${list(LEAK_TITLE)}) nor a paste (${list(PASTE_TEXT)})`);

  const content = paste ? first(value, PASTE_TEXT) : undefined;
  if (paste && content === undefined) return reject(`the paste has no ${list(PASTE_TEXT)}`);
  const rawTitle =
    nonEmpty(value[paste ? 'title' : 'post_title']) ?? (paste ? undefined : nonEmpty(value.victim));
  // A paste without a title is named by its first line, so a person can tell pastes apart.
  const titleFromContent = rawTitle === undefined && content !== undefined;
  const title = rawTitle ?? content?.[1].match(/\S[^\n]*/)?.[0].slice(0, 200);
  const decoded = title === undefined ? '' : decodeHtmlEntities(title);
  const victim = decoded.trim();
  if (victim === '') return reject(paste ? 'the paste has no title' : `no victim (${list(LEAK_TITLE)})`);

  const dates = paste ? PASTE_DATES : LEAK_DATES;
  const date = first(value, dates);
  if (date === undefined) return reject(`no date (${list(dates)})`);
  const published = toIsoTimestamp(date[1]);
  if (!published.ok || published.value === undefined)
    return reject(`${date[0]}: ${published.ok ? 'empty' : published.reason}`);

  const otherDates: Record<string, unknown> = {};
  for (const name of dates) {
    const other = name === date[0] ? undefined : nonEmpty(value[name]);
    if (other === undefined) continue;
    const iso = toIsoTimestamp(other);
    // A second date that does not parse is kept as written: it is not what the post is dated by.
    otherDates[name] = iso.ok ? iso.value : other;
  }

  const rawCountry = known(value.country);
  const country = rawCountry === undefined ? undefined : countryCode(rawCountry);
  const body = paste ? content?.[1] : known(value.description);
  const text = body === undefined ? undefined : capped(body);
  return {
    kind: 'post',
    where,
    source: paste ? 'paste' : 'leak-site',
    ...(paste ? {} : optional('group', first(value, LEAK_GROUP)?.[1].toLowerCase())),
    victim,
    publishedAt: published.value,
    ...optional('country', country),
    ...optional('sector', paste ? undefined : (known(value.activity) ?? known(value.sector))),
    ...optional('website', paste ? undefined : (known(value.website) ?? known(value.domain))),
    ...optional('url', nonEmpty(value[paste ? 'url' : 'post_url'])),
    ...optional('text', text?.text),
    context: defined({
      title_raw: !titleFromContent && decoded !== title ? title : undefined,
      title_from_text: titleFromContent || undefined,
      // `hammer-poznan.p...`: the site cut the name; matching on it needs a prefix match.
      title_may_be_truncated: /(\.\.\.|…)$/.test(victim) || undefined,
      site: paste ? (nonEmpty(value.source) ?? nonEmpty(value.site)) : undefined,
      country_raw: rawCountry !== undefined && country === undefined ? rawCountry : undefined,
      text_truncated: text?.truncated,
      ...otherDates,
    }),
  };
}

/** `{ key: value }`, or nothing, so absent fields are absent rather than `undefined`. */
function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
