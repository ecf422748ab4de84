import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keyboardNeighbours } from './keyboards.js';
import type { LookalikeFamily, LookalikeOptions } from './lookalikes.js';
import {
  DEFAULT_DICTIONARY,
  DEFAULT_TLDS,
  generateLookalikes,
  LOOKALIKE_FAMILIES,
  LookalikeInputError,
} from './lookalikes.js';

const ALL = { limit: 1_000_000 } satisfies LookalikeOptions;
/** The names one family alone yields, so cross-family de-duplication does not hide any. */
const only = (domain: string, family: LookalikeFamily, options: LookalikeOptions = {}) =>
  generateLookalikes(domain, { ...ALL, ...options, families: [family] }).map((l) => l.domain);
const labelOf = (name: string, suffix = '.com') => name.slice(0, -suffix.length);
const hammingOne = (a: string, b: string) =>
  a.length === b.length && [...a].filter((c, i) => c !== b[i]).length === 1;

// Written independently of the library's own check: RFC 1035 LDH labels, RFC 5891 reserved `--`.
const LDH = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const isHostname = (name: string) =>
  name.length <= 253 &&
  name.split('.').length >= 2 &&
  name.split('.').every((l) => LDH.test(l) && (l.slice(2, 4) !== '--' || l.startsWith('xn--')));

describe('generateLookalikes: one concrete candidate and one property per family', () => {
  it('addition appends one letter or digit (and before a hyphen)', () => {
    const names = only('example.com', 'addition');
    expect(names).toContain('example1.com');
    expect(names).toHaveLength(36);
    for (const name of names) expect(labelOf(name).slice(0, -1)).toBe('example');
    expect(only('my-bank.com', 'addition')).toContain('myx-bank.com');
    expect(only('my-bank.com', 'addition')).toHaveLength(72);
  });

  it('bitsquatting flips one bit and yields only host-name characters', () => {
    const names = only('example.com', 'bitsquatting');
    expect(names).toContain('dxample.com');
    for (const name of names) {
      const label = labelOf(name);
      expect(label).toMatch(/^[a-z0-9-]+$/);
      expect(hammingOne(label, 'example')).toBe(true);
      const i = [...label].findIndex((c, j) => c !== 'example'[j]);
      const flipped = label.charCodeAt(i) ^ 'example'.charCodeAt(i);
      expect(flipped & (flipped - 1)).toBe(0); // a power of two: exactly one bit
    }
  });

  it('homoglyph yields an xn-- domain for a Cyrillic а in paypal, with its Unicode form', () => {
    const found = generateLookalikes('paypal.com', { families: ['homoglyph'] });
    const cyrillicA = found.find((l) => l.unicode === 'p\u0430ypal.com');
    expect(cyrillicA).toEqual({
      domain: 'xn--pypal-4ve.com',
      unicode: 'p\u0430ypal.com',
      family: 'homoglyph',
    });
    // The all-Cyrillic spelling (dnstwist's `cyrillic`), the registrable kind of homograph.
    expect(found.map((l) => l.unicode)).toContain('\u0440\u0430\u0443\u0440\u0430\u04cf.com');
    expect(found.map((l) => l.domain)).toContain('paypa1.com');
    for (const l of found) expect(l.unicode).toBe(domainToUnicode(l.domain));
  });

  it('homoglyph maps m to rn and back, and stays ASCII under a registry without IDN', () => {
    expect(only('microsoft.com', 'homoglyph')).toContain('rnicrosoft.com');
    expect(only('modern.com', 'homoglyph')).toContain('modem.com');
    const uk = only('google.co.uk', 'homoglyph');
    expect(uk).toContain('g0ogle.co.uk');
    expect(uk.filter((name) => name.includes('xn--'))).toEqual([]);
  });

  it('hyphenation inserts one hyphen, never next to another', () => {
    const names = only('example.com', 'hyphenation');
    expect(names).toContain('exam-ple.com');
    expect(names).toHaveLength(6);
    for (const name of names) expect(name.replace('-', '')).toBe('example.com');
    expect(only('my-bank.com', 'hyphenation').filter((name) => name.includes('--'))).toEqual([]);
  });

  it('insertion adds a neighbouring key next to a character, the last one included', () => {
    const names = only('example.com', 'insertion');
    expect(names).toContain('exanmple.com');
    expect(names).toContain('examplwe.com');
    for (const name of names) {
      const label = labelOf(name);
      // Where a letter was inserted is ambiguous (`examplle`): some reading must fit.
      const fits = [...label].some(
        (c, i) =>
          label.slice(0, i) + label.slice(i + 1) === 'example' &&
          [label[i - 1], label[i + 1]].some(
            (next) => next !== undefined && keyboardNeighbours(next).includes(c),
          ),
      );
      expect(fits, name).toBe(true);
    }
  });

  it('omission of example yields exactly the distinct strings with one character removed', () => {
    const names = only('example.com', 'omission');
    const expected = new Set(
      [...'example'].map((_, i) => `${'example'.slice(0, i)}${'example'.slice(i + 1)}.com`),
    );
    expect(new Set(names)).toEqual(expected);
    expect(names).toHaveLength(expected.size);
    expect(names).toContain('exmple.com');
    expect(only('google.com', 'omission')).toHaveLength(5); // `gogle` once, although two o's give it
  });

  it('repetition doubles one character', () => {
    const names = only('example.com', 'repetition');
    expect(names).toContain('exxample.com');
    expect(names).toHaveLength(7);
    for (const name of names) expect(labelOf(name).replace(/(.)\1/, '$1')).toBe('example');
  });

  it('replacement swaps one character for a neighbouring key (qwerty, qwertz, azerty)', () => {
    const names = only('example.com', 'replacement');
    expect(names).toContain('ezample.com');
    expect(only('tesla.com', 'replacement')).toContain('zesla.com'); // qwertz only
    expect(only('amazon.com', 'replacement')).toContain('1mazon.com'); // azerty only
    for (const name of names) {
      const label = labelOf(name);
      expect(hammingOne(label, 'example')).toBe(true);
      const i = [...label].findIndex((c, j) => c !== 'example'[j]);
      expect(keyboardNeighbours('example'[i]!)).toContain(label[i]);
    }
  });

  it('subdomain inserts one dot into the label', () => {
    const names = only('example.com', 'subdomain');
    expect(names).toContain('exa.mple.com');
    expect(names).toHaveLength(6);
    for (const name of names) {
      expect(name.split('.')).toHaveLength(3);
      expect(name.replace('.', '')).toBe('example.com');
    }
  });

  it('transposition swaps two adjacent, different characters', () => {
    expect(only('example.com', 'transposition')).toContain('exmaple.com');
    expect(only('example.com', 'transposition')).toHaveLength(6);
    expect(only('google.com', 'transposition')).toHaveLength(4); // swapping `oo` changes nothing
  });

  it('vowel-swap replaces one vowel with each other vowel', () => {
    const names = only('example.com', 'vowel-swap');
    expect(names).toContain('exampla.com');
    expect(names).toHaveLength(12); // e, a, e × four other vowels
    for (const name of names) {
      const label = labelOf(name);
      expect(hammingOne(label, 'example')).toBe(true);
      expect([...label].filter((c, i) => c !== 'example'[i]).every((c) => 'aeiou'.includes(c))).toBe(true);
    }
  });

  it('tld-swap keeps the label and changes only the suffix', () => {
    const names = only('google.co.uk', 'tld-swap');
    expect(names).toContain('google.com');
    expect(names).not.toContain('google.co.uk');
    for (const name of names) expect(name.startsWith('google.')).toBe(true);
    expect(names.map((name) => name.slice('google.'.length))).toEqual(
      DEFAULT_TLDS.filter((t) => t !== 'co.uk'),
    );
    expect(only('example.com', 'tld-swap', { tlds: ['.NET', 'рф', 'com'] })).toEqual([
      'example.net',
      'example.xn--p1ai',
    ]);
  });

  it('dictionary glues a word before or after the label', () => {
    const names = only('paypal.com', 'dictionary');
    expect(names).toContain('paypal-login.com');
    expect(names).toContain('securepaypal.com');
    expect(names).toHaveLength(4 * DEFAULT_DICTIONARY.length);
    for (const name of names) expect(name).toContain('paypal');
    expect(only('paypal.com', 'dictionary', { dictionary: ['Shop', 'paypal'] })).toEqual([
      'paypal-shop.com',
      'paypalshop.com',
      'shop-paypal.com',
      'shoppaypal.com',
    ]);
    expect(only('paypal-help.com', 'dictionary', { dictionary: ['login'] })).toContain('login-help.com');
  });

  it('various covers the suffix and subdomain slips', () => {
    expect(only('example.com', 'various')).toEqual(['examplecom.com', 'wwwexample.com']);
    expect(only('google.co.uk', 'various')).toEqual([
      'google.uk',
      'googleco.uk',
      'google-co-uk.com',
      'googlecouk.com',
      'wwwgoogle.co.uk',
    ]);
    const withWww = only('www.example.de', 'various');
    expect(withWww).toContain('wwwexample.de');
    for (const name of withWww) expect(name).toContain('example');
  });
});

describe('generateLookalikes: the result as a whole', () => {
  const domains = ['example.com', 'paypal.com', 'google.co.uk', 'www.bücher.de', 'my-bank.com', 'a1.io'];

  it.each(domains)('%s: valid host names, no duplicates, the original excluded', (domain) => {
    const found = generateLookalikes(domain);
    expect(found.length).toBeGreaterThan(100);
    const names = found.map((l) => l.domain);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain(domainToASCII(domain));
    for (const l of found) {
      expect(isHostname(l.domain), l.domain).toBe(true);
      expect(l.unicode).toBe(domainToUnicode(l.domain));
      expect(LOOKALIKE_FAMILIES).toContain(l.family);
    }
  });

  it('excludes the original however it is written, and normalises case, IDN and a trailing dot', () => {
    const plain = generateLookalikes('bücher.de');
    expect(generateLookalikes('BÜCHER.DE.')).toEqual(plain);
    expect(generateLookalikes('xn--bcher-kva.de')).toEqual(plain);
    expect(plain.map((l) => l.domain)).not.toContain('xn--bcher-kva.de');
    expect(plain.map((l) => l.unicode)).toContain('bücher.com');
    expect(generateLookalikes('Example.COM').map((l) => l.domain)).not.toContain('example.com');
  });

  it('keeps a multi-label suffix intact and permutes the label left of it', () => {
    for (const domain of ['google.co.uk', 'shop.example.com.au', 'sony.co.jp', 'nhs.gov.uk']) {
      const suffix = domain.split('.').slice(-2).join('.');
      const keep = generateLookalikes(domain).filter(
        (l) => l.family !== 'tld-swap' && l.family !== 'various',
      );
      for (const l of keep) expect(l.domain.endsWith(`.${suffix}`), l.domain).toBe(true);
    }
    expect(only('google.co.uk', 'omission')).toContain('gogle.co.uk');
    expect(only('shop.example.com.au', 'omission')).toContain('shop.exmple.com.au');
  });

  it('tags a name two families produce with the first family in LOOKALIKE_FAMILIES order', () => {
    const found = generateLookalikes('example.com');
    expect(found.find((l) => l.domain === 'examplee.com')?.family).toBe('addition');
    expect(only('example.com', 'repetition')).toContain('examplee.com');
    const order = found.map((l) => LOOKALIKE_FAMILIES.indexOf(l.family));
    const lastVarious = order.lastIndexOf(LOOKALIKE_FAMILIES.indexOf('various'));
    expect(order.slice(0, lastVarious + 1)).toEqual(
      [...order.slice(0, lastVarious + 1)].sort((a, b) => a - b),
    );
    // After the last family come the second-order homoglyphs only.
    expect(new Set(found.slice(lastVarious + 1).map((l) => l.family))).toEqual(new Set(['homoglyph']));
  });

  it('is deterministic, and the output order does not depend on the order of the families option', () => {
    expect(generateLookalikes('paypal.com')).toEqual(generateLookalikes('paypal.com'));
    expect(generateLookalikes('paypal.com', { families: ['omission', 'addition'] })).toEqual(
      generateLookalikes('paypal.com', { families: ['addition', 'omission'] }),
    );
  });

  it('honours the limit by keeping the head of the full order', () => {
    const full = generateLookalikes('paypal.com', ALL);
    expect(generateLookalikes('paypal.com', { limit: 10 })).toEqual(full.slice(0, 10));
    expect(generateLookalikes('paypal.com', { limit: 0 })).toEqual([]);
    expect(generateLookalikes('internationalbusinessmachines.com')).toHaveLength(5000);
    expect(generateLookalikes('internationalbusinessmachines.com', { limit: 7000 })).toHaveLength(7000);
  });
});

describe('generateLookalikes: bad input', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['.', /empty/],
    ['192.0.2.1', /IP address/],
    ['0x7f.1', /IP address/],
    ['2001:db8::1', /IP address/],
    ['[2001:db8::1]', /invalid characters/],
    ['localhost', /single-label/],
    ['co.uk', /public suffix/],
    ['exa mple.com', /invalid characters/],
    ['https://example.com/login', /invalid characters/],
    ['example.com/login', /invalid characters/],
    ['exa_mple.com', /invalid characters/],
    ['-example.com', /invalid characters/],
    ['example..com', /invalid characters/],
    [`${'a'.repeat(64)}.com`, /invalid characters/],
    ['example.123', /not a valid/],
  ])('%j is refused', (input, message) => {
    expect(() => generateLookalikes(input)).toThrow(LookalikeInputError);
    expect(() => generateLookalikes(input)).toThrow(message);
  });

  it('refuses invalid options', () => {
    const bad: LookalikeOptions[] = [
      { limit: -1 },
      { limit: 1.5 },
      { limit: Number.NaN },
      { families: ['cyrillic' as LookalikeFamily] },
      { dictionary: ['a.b'] },
      { dictionary: [''] },
      { dictionary: ['log in'] },
      { tlds: ['123'] },
      { tlds: ['bad tld'] },
      { tlds: ['com/'] },
    ];
    for (const options of bad)
      expect(() => generateLookalikes('example.com', options)).toThrow(LookalikeInputError);
  });
});
