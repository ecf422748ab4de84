import type { DomainParts } from './domain-parts.js';
import { acceptsLatinIdn, homoglyphs } from './homoglyphs.js';
import { keyboardNeighbours } from './keyboards.js';

/**
 * The permutation families, each a generator of candidate names (Unicode allowed; the caller
 * converts to ASCII, drops invalid names and duplicates). They follow dnstwist's algorithms; where
 * we deliberately differ, the comment says so and README.md lists it.
 */
export interface FamilyInput {
  parts: DomainParts;
  dictionary: readonly string[];
  tlds: readonly string[];
}

type Family = (input: FamilyInput) => Iterable<string>;

const ALPHANUMERIC = [...'0123456789abcdefghijklmnopqrstuvwxyz'];
const VOWELS = [...'aeiou'];
const BIT_MASKS = [1, 2, 4, 8, 16, 32, 64, 128];
const HOST_CHAR = /^[a-z0-9-]$/;

/** The full name around a permuted label: subdomain labels, the label, the suffix. */
const fullName = (parts: DomainParts, label: string, suffix = parts.suffix) =>
  [...parts.subdomain, label, suffix].join('.');

/** Applies `permute` to the label's code points (not UTF-16 units, so an IDN label permutes sanely). */
function* labels(parts: DomainParts, permute: (chars: string[]) => Iterable<string>): Generator<string> {
  for (const label of permute([...parts.label])) yield fullName(parts, label);
}

const join = (chars: readonly string[], from = 0, to = chars.length) => chars.slice(from, to).join('');
const insertAt = (chars: readonly string[], i: number, text: string) =>
  join(chars, 0, i) + text + join(chars, i);
const replaceAt = (chars: readonly string[], i: number, text: string) =>
  join(chars, 0, i) + text + join(chars, i + 1);
// A hyphen next to an existing one makes `--`: no typo, and in positions 3–4 an invalid label.
const besideHyphen = (chars: readonly string[], i: number) => chars[i - 1] === '-' || chars[i] === '-';

export const FAMILY_GENERATORS = {
  // One character appended; for a hyphenated label also appended to each part before a hyphen.
  addition: ({ parts }) =>
    labels(parts, function* (chars) {
      for (const c of ALPHANUMERIC) yield join(chars) + c;
      const words = join(chars).split('-');
      for (let p = 1; p < words.length; p++)
        for (const c of ALPHANUMERIC) yield `${words.slice(0, p).join('-')}${c}-${words.slice(p).join('-')}`;
    }),
  // One bit flipped in one character, kept when the result is still a host-name character.
  bitsquatting: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++) {
        for (const mask of BIT_MASKS) {
          const flipped = String.fromCodePoint(chars[i]!.codePointAt(0)! ^ mask);
          if (HOST_CHAR.test(flipped)) yield replaceAt(chars, i, flipped);
        }
      }
    }),
  // Unicode lookalikes only under registries that accept Latin-script IDNs.
  homoglyph: ({ parts }) => labels(parts, (chars) => homoglyphs(join(chars), acceptsLatinIdn(parts.suffix))),
  hyphenation: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 1; i < chars.length; i++) if (!besideHyphen(chars, i)) yield insertAt(chars, i, '-');
    }),
  // A neighbouring key typed before or after a character. dnstwist skips the last character; we
  // do not, since a slip there is as likely as anywhere.
  insertion: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++) {
        for (const key of keyboardNeighbours(chars[i]!)) {
          yield insertAt(chars, i, key);
          yield insertAt(chars, i + 1, key);
        }
      }
    }),
  omission: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++) yield join(chars, 0, i) + join(chars, i + 1);
    }),
  repetition: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++) if (chars[i] !== '-') yield insertAt(chars, i, chars[i]!);
    }),
  replacement: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++)
        for (const key of keyboardNeighbours(chars[i]!)) yield replaceAt(chars, i, key);
    }),
  // A dot slipped into the label. dnstwist skips the gap before the last character; we do not.
  subdomain: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 1; i < chars.length; i++) if (!besideHyphen(chars, i)) yield insertAt(chars, i, '.');
    }),
  transposition: ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i + 1 < chars.length; i++)
        if (chars[i] !== chars[i + 1])
          yield join(chars, 0, i) + chars[i + 1]! + chars[i]! + join(chars, i + 2);
    }),
  'vowel-swap': ({ parts }) =>
    labels(parts, function* (chars) {
      for (let i = 0; i < chars.length; i++) {
        if (!VOWELS.includes(chars[i]!)) continue;
        for (const vowel of VOWELS) if (vowel !== chars[i]) yield replaceAt(chars, i, vowel);
      }
    }),
  'tld-swap': function* ({ parts, tlds }) {
    for (const tld of tlds) if (tld !== parts.suffix) yield fullName(parts, parts.label, tld);
  },
  // A word glued before or after the label; for a hyphenated label also swapped for its first or
  // last part (`paypal-help` → `paypal-login`, `login-help`).
  dictionary: function* ({ parts, dictionary }) {
    const { label } = parts;
    for (const word of dictionary) {
      if (word === label) continue;
      for (const variant of [`${label}-${word}`, `${label}${word}`, `${word}-${label}`, `${word}${label}`])
        yield fullName(parts, variant);
    }
    const words = label.split('-');
    if (words.length < 2) return;
    for (const word of dictionary) {
      yield fullName(parts, [...words.slice(0, -1), word].join('-'));
      yield fullName(parts, [word, ...words.slice(1)].join('-'));
    }
  },
  various,
} as const satisfies Record<string, Family>;

/**
 * dnstwist's grab bag of structural slips around the suffix and the subdomain: the suffix fused
 * into the label (`examplecom.com`, `googleco.uk`), a two-label suffix cut to its last label
 * (`google.uk`), a non-`.com` domain moved under `.com` (`example-de.com`, `examplede.com`; we also
 * do this for two-label suffixes, `google-co-uk.com`), and the subdomain fused into the label
 * (`wwwexample.com` from `www.example.com`). We add `wwwexample.com` for a domain given without a
 * subdomain too: the missing dot after `www` is a classic typo domain.
 */
function* various({ parts }: FamilyInput): Generator<string> {
  const { subdomain, label, suffix } = parts;
  const under = (name: string, tld: string) => [...subdomain, name, tld].join('.');
  if (suffix.includes('.')) {
    yield under(label, suffix.slice(suffix.lastIndexOf('.') + 1));
    yield [...subdomain, label + suffix].join('.');
  } else yield under(label + suffix, suffix);
  if (suffix !== 'com') {
    yield under(`${label}-${suffix.replaceAll('.', '-')}`, 'com');
    yield under(label + suffix.replaceAll('.', ''), 'com');
  }
  if (subdomain.length === 0) {
    yield `www${label}.${suffix}`;
    return;
  }
  const sub = subdomain.join('.');
  yield `${sub}${label}.${suffix}`;
  yield `${subdomain.join('')}${label}.${suffix}`;
  yield `${sub}-${label}.${suffix}`;
  yield `${subdomain.join('-')}-${label}.${suffix}`;
}
