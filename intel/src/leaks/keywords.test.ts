import { describe, expect, it } from 'vitest';
import { KEYWORD_FLAGS, keywordPattern, mentions } from './keywords.js';

const matches = (keyword: string, text: string) => mentions(text, [keyword]).length === 1;

describe('keyword matching', () => {
  it.each([
    ['acme', 'ACME Corp', true],
    ['acme', 'leaked: acme.com', true],
    ['acme', 'Acme-Holding GmbH', true],
    ['acme', '(acme)', true],
    ['acme', 'acmegroup', false],
    ['acme', 'theacme', false],
    ['acme', 'acme2', false],
    ['bücher', 'Bücherei Müller', false],
    ['bücher', 'BÜCHER & Co', true],
    ['müller', 'Mu\u0308ller AG', true],
  ])('%s in %s: %s', (keyword, text, found) => {
    expect(matches(keyword, text)).toBe(found);
  });

  it('a domain keyword matches its Unicode and its punycode spelling', () => {
    expect(keywordPattern('bücher.de')).toEqual(keywordPattern('xn--bcher-kva.de'));
    for (const keyword of ['bücher.de', 'xn--bcher-kva.de', 'BÜCHER.DE']) {
      expect(matches(keyword, 'dump of xn--bcher-kva.de users')).toBe(true);
      expect(matches(keyword, 'dump of shop.bücher.de users')).toBe(true);
      expect(matches(keyword, 'dump of bücher.dev')).toBe(false);
    }
  });

  it('regular expression characters in keywords are literal', () => {
    expect(matches('c++', 'we write C++ here')).toBe(true);
    expect(matches('c++', 'ccc')).toBe(false);
    expect(matches('a.b', 'a.b')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
    expect(matches('(x|y)*', 'z (x|y)* z')).toBe(true);
    expect(matches('(x|y)*', 'x')).toBe(false);
    expect(matches('x-ray', 'X-Ray imaging')).toBe(true);
    expect(matches('a\\d', 'a\\d')).toBe(true);
    expect(matches('a\\d', 'a1')).toBe(false);
  });

  it('the patterns are plain regular expression sources for the `iu` flags', () => {
    expect(KEYWORD_FLAGS).toBe('iu');
    const { ascii, unicode } = keywordPattern(' ACME ');
    expect(ascii).toBe(unicode);
    expect(new RegExp(ascii, KEYWORD_FLAGS).test('an acme post')).toBe(true);
    const idn = keywordPattern('bücher.de');
    expect(new RegExp(idn.ascii, KEYWORD_FLAGS).test('xn--bcher-kva.de')).toBe(true);
    expect(new RegExp(idn.unicode, KEYWORD_FLAGS).test('bücher.de')).toBe(true);
    expect(() => keywordPattern('  ')).toThrow(/empty keyword/);
  });

  it('mentions: the keywords found, each once, in the order given, blanks skipped', () => {
    expect(mentions('Acme and Globex on a paste', ['globex', ' ', 'initech', 'acme', 'globex'])).toEqual([
      'globex',
      'acme',
    ]);
    expect(mentions('nothing here', [])).toEqual([]);
  });
});
