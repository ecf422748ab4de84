import { isValidHostname, isValidLabel, splitDomain } from './domain-parts.js';
import type { FamilyInput } from './families.js';
import { FAMILY_GENERATORS } from './families.js';
import { acceptsLatinIdn, secondOrderHomoglyphs } from './homoglyphs.js';
import { domainToASCII, domainToUnicode } from './idna.js';
import { LookalikeInputError } from './input-error.js';
import { DEFAULT_DICTIONARY, DEFAULT_TLDS } from './word-lists.js';

/**
 * Lookalike domains of a watched domain, for Brand Protection to match against known malicious
 * domains and URLs: dnstwist's permutation families, reimplemented (see README.md for where and
 * why we differ). Pure: no DNS, no network, no I/O.
 */

export { LookalikeInputError } from './input-error.js';
export { DEFAULT_DICTIONARY, DEFAULT_TLDS } from './word-lists.js';

/**
 * In generation order, which is also the order duplicates are settled in: a name two families
 * produce is tagged with the first (`examplee.com` is an addition, not a repetition). `various`
 * is dnstwist's family of the same name, kept because its slips (`examplecom.com`, `google.uk`) are
 * real typo-squats.
 */
export const LOOKALIKE_FAMILIES = [
  'addition',
  'bitsquatting',
  'homoglyph',
  'hyphenation',
  'insertion',
  'omission',
  'repetition',
  'replacement',
  'subdomain',
  'transposition',
  'vowel-swap',
  'tld-swap',
  'dictionary',
  'various',
] as const;
export type LookalikeFamily = (typeof LOOKALIKE_FAMILIES)[number];

export interface Lookalike {
  /** ASCII form, lower-case, IDN labels as punycode (`xn--pypal-4ve.com`): the platform's canonical domain. */
  domain: string;
  /** Display form (`pаypal.com`); equal to `domain` for an ASCII name. */
  unicode: string;
  family: LookalikeFamily;
}

export interface LookalikeOptions {
  /** Families to generate; default all. The output keeps the order of LOOKALIKE_FAMILIES whatever the order here. */
  families?: readonly LookalikeFamily[];
  /** Words for the dictionary family, replacing DEFAULT_DICTIONARY; each must be a valid label. */
  dictionary?: readonly string[];
  /** Suffixes for tld-swap (`net`, `co.uk`), replacing DEFAULT_TLDS. */
  tlds?: readonly string[];
  /** Cap on results, default 5000. */
  limit?: number;
}

export const DEFAULT_LIMIT = 5000;

/**
 * Every lookalike of `domain` (Unicode or ASCII, any case, trailing dot allowed) that is a valid
 * host name and not the domain itself, each once. Order: the families in LOOKALIKE_FAMILIES order,
 * each in its own fixed order, then the second-order homoglyphs (two substitutions, thousands of
 * them): the limit cuts from the end, so it drops those first. Throws LookalikeInputError on input
 * that is no registrable domain name (empty, an IP address, one label, a bare public suffix, invalid
 * characters) and on invalid options.
 */
export function generateLookalikes(domain: string, options: LookalikeOptions = {}): Lookalike[] {
  const parts = splitDomain(domain);
  const families = selectedFamilies(options.families);
  const limit = checkedLimit(options.limit);
  const input: FamilyInput = {
    parts,
    dictionary: options.dictionary === undefined ? DEFAULT_DICTIONARY : checkedWords(options.dictionary),
    tlds: options.tlds === undefined ? DEFAULT_TLDS : checkedTlds(options.tlds),
  };

  const results: Lookalike[] = [];
  const seen = new Set([parts.ascii]);
  const add = (name: string, family: LookalikeFamily) => {
    const ascii = domainToASCII(name);
    if (ascii === '' || seen.has(ascii) || !isValidHostname(ascii)) return;
    seen.add(ascii);
    results.push({ domain: ascii, unicode: domainToUnicode(ascii), family });
  };

  for (const family of families) {
    for (const name of FAMILY_GENERATORS[family](input)) {
      if (results.length >= limit) return results;
      add(name, family);
    }
  }
  if (families.includes('homoglyph')) {
    const { subdomain, label, suffix } = parts;
    for (const twice of secondOrderHomoglyphs(label, acceptsLatinIdn(suffix))) {
      if (results.length >= limit) return results;
      add([...subdomain, twice, suffix].join('.'), 'homoglyph');
    }
  }
  return results;
}

function selectedFamilies(requested: readonly LookalikeFamily[] | undefined): readonly LookalikeFamily[] {
  if (requested === undefined) return LOOKALIKE_FAMILIES;
  for (const family of requested) {
    if (!(LOOKALIKE_FAMILIES as readonly string[]).includes(family))
      throw new LookalikeInputError(
        `unknown lookalike family ${JSON.stringify(family)} (known: ${LOOKALIKE_FAMILIES.join(', ')})`,
      );
  }
  return LOOKALIKE_FAMILIES.filter((family) => requested.includes(family));
}

function checkedLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new LookalikeInputError(`the limit must be a non-negative integer, not ${String(limit)}`);
  return limit;
}

/** Lower-cased and in ASCII form, so `Sécurité` works; anything that is no single label is refused. */
function checkedWords(words: readonly string[]): string[] {
  return words.map((word) => {
    const text = word.trim().normalize('NFC');
    // A dummy TLD, so that domainToASCII neither reads a numeric word as an IPv4 address nor rejects it.
    const ascii = ONLY_NAME_CHARS.test(text) && !text.includes('.') ? domainToASCII(`${text}.invalid`) : '';
    if (!isValidLabel(ascii.slice(0, -DUMMY_TLD.length)))
      throw new LookalikeInputError(`dictionary word ${JSON.stringify(word)} is not a valid domain label`);
    return domainToUnicode(ascii).slice(0, -DUMMY_TLD.length);
  });
}

function checkedTlds(tlds: readonly string[]): string[] {
  return tlds.map((tld) => {
    const text = tld.trim().replace(/^\./, '').normalize('NFC');
    const ascii = ONLY_NAME_CHARS.test(text) ? domainToASCII(text) : '';
    const labels = ascii.split('.');
    if (ascii === '' || !labels.every(isValidLabel) || /^[0-9]+$/.test(labels[labels.length - 1]!))
      throw new LookalikeInputError(`TLD ${JSON.stringify(tld)} is not a valid domain suffix`);
    return ascii;
  });
}

// domainToASCII would cut a URL-ish string at `/` or `?` and return the part before it.
const ONLY_NAME_CHARS = /^[\p{L}\p{M}\p{N}.-]+$/u;
const DUMMY_TLD = '.invalid';
