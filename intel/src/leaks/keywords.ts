import { domainToUnicode } from 'node:url';
import { canonicalDomain } from '../normalise/canonical.js';

/**
 * Watched keywords (a brand, a domain) against leak posts and pastes. A keyword matches as a whole
 * word, case-insensitively: `acme` is found in `ACME Corp` and `acme.com`, not in `acmegroup`. A
 * word ends where a letter or digit of any script does not follow (`\p{L}\p{N}`), so `bücher`
 * does not match inside `bücherei` as an ASCII `\b` would. A domain keyword matches in both of its
 * spellings, Unicode and punycode, since leak sites write either.
 */

/** The flags the patterns are written for. */
export const KEYWORD_FLAGS = 'iu';

export interface KeywordPattern {
  /** Regular expression source (flags `iu`) for the keyword's ASCII form (punycode for an IDN). */
  ascii: string;
  /** The same for its Unicode form; equal to `ascii` when the keyword has only one form. */
  unicode: string;
}

// Only syntax characters: with the `u` flag any other escaped character (`\-`) is an error.
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const bounded = (text: string) => `(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`;

/** How one keyword is matched; throws on an empty keyword, which would match everywhere. */
export function keywordPattern(keyword: string): KeywordPattern {
  // NFC, so a keyword typed with combining accents matches text written precomposed.
  const word = keyword.trim().normalize('NFC');
  if (word === '') throw new RangeError('an empty keyword matches everything');
  const domain = word.includes('.') ? canonicalDomain(word) : undefined;
  if (domain?.ok) {
    const unicode = domainToUnicode(domain.value);
    return { ascii: bounded(domain.value), unicode: bounded(unicode === '' ? word : unicode) };
  }
  const pattern = bounded(word);
  return { ascii: pattern, unicode: pattern };
}

const compiled = new Map<string, RegExp>();

/** One regular expression per keyword, compiled once: `mentions` runs for every post. */
function matcher(keyword: string): RegExp {
  let regex = compiled.get(keyword);
  if (!regex) {
    const { ascii, unicode } = keywordPattern(keyword);
    regex = new RegExp(ascii === unicode ? ascii : `${ascii}|${unicode}`, KEYWORD_FLAGS);
    // Watch lists are small; the bound only stops a caller passing ever-new keywords from growing it.
    if (compiled.size >= 10_000) compiled.clear();
    compiled.set(keyword, regex);
  }
  return regex;
}

/** The keywords found in `text`, each once, in the order given; blank keywords are skipped. */
export function mentions(text: string, keywords: readonly string[]): string[] {
  const normalised = text.normalize('NFC');
  const found: string[] = [];
  for (const keyword of keywords) {
    if (keyword.trim() === '' || found.includes(keyword)) continue;
    if (matcher(keyword).test(normalised)) found.push(keyword);
  }
  return found;
}
