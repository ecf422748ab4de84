import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidHostname, splitDomain } from './domain-parts.js';
import { acceptsLatinIdn, homoglyphs, unicodeGlyphs, wholeCyrillic } from './homoglyphs.js';
import { keyboardNeighbours, NEIGHBOURS_BY_LAYOUT } from './keyboards.js';

describe('keyboard neighbours', () => {
  it.each([
    ['qwerty', 's', 'adewxz'],
    ['qwerty', 'q', '12aw'],
    ['qwerty', 'p', '0lo'],
    ['qwerty', 'm', 'jkn'],
    ['qwertz', 'z', '67ghtu'],
    ['qwertz', 'y', 'asx'],
    ['azerty', 'a', '12qz'],
    ['azerty', 'm', 'lp'],
  ] as const)('%s %s: %s', (layout, key, expected) => {
    expect([...NEIGHBOURS_BY_LAYOUT[layout].get(key)!].sort().join('')).toBe(expected);
  });

  it('is symmetric on every layout and covers every letter and digit', () => {
    for (const layout of Object.values(NEIGHBOURS_BY_LAYOUT)) {
      for (const [key, around] of layout) for (const next of around) expect(layout.get(next)).toContain(key);
      expect([...layout.keys()].sort().join('')).toBe('0123456789abcdefghijklmnopqrstuvwxyz');
    }
    expect(keyboardNeighbours('t')).toEqual(expect.arrayContaining(['r', 'y', 'z', 'g']));
    expect(keyboardNeighbours('-')).toEqual([]);
  });
});

describe('homoglyph table', () => {
  it('holds only glyphs that IDNA keeps as they are, so each yields its own xn-- label', () => {
    const glyphs = unicodeGlyphs();
    expect(glyphs.length).toBeGreaterThan(200);
    for (const glyph of glyphs) {
      const ascii = domainToASCII(`x${glyph}x.com`);
      expect(ascii, glyph).toMatch(/^xn--[a-z0-9-]+\.com$/);
      expect(domainToUnicode(ascii), glyph).toBe(`x${glyph}x.com`);
    }
  });

  it('spells a label all in Cyrillic only when every letter has a Cyrillic twin', () => {
    expect(wholeCyrillic('apple')).toBe('\u0430\u0440\u0440\u04cf\u0435');
    expect(wholeCyrillic('a1-pp')).toBe('\u0430\u0031-\u0440\u0440');
    expect(wholeCyrillic('google')).toBe('\u050d\u043e\u043e\u050d\u04cf\u0435');
    expect(wholeCyrillic('amazon')).toBeUndefined(); // no Cyrillic twin for z, n
    expect(wholeCyrillic('123')).toBeUndefined();
  });

  it('keeps to ASCII for registries without Latin IDNs', () => {
    expect(acceptsLatinIdn('com')).toBe(true);
    expect(acceptsLatinIdn('de')).toBe(true);
    expect(acceptsLatinIdn('co.uk')).toBe(false);
    expect(acceptsLatinIdn('co.jp')).toBe(false);
    expect([...homoglyphs('cool', false)]).toEqual(['eool', 'c0ol', 'co0l', 'coo1', 'cooi']);
  });
});

describe('splitDomain', () => {
  it.each([
    ['example.com', [], 'example', 'com'],
    ['WWW.Example.COM.', ['www'], 'example', 'com'],
    ['google.co.uk', [], 'google', 'co.uk'],
    ['a.b.google.co.uk', ['a', 'b'], 'google', 'co.uk'],
    ['example.com.au', [], 'example', 'com.au'],
    ['example.com.ar', [], 'example', 'com.ar'],
    ['example.ne.kr', [], 'example', 'ne.kr'], // generic second level under a ccTLD
    ['bücher.de', [], 'bücher', 'de'],
    ['xn--bcher-kva.de', [], 'bücher', 'de'],
    ['123.example.com', ['123'], 'example', 'com'],
    ['co.com', [], 'co', 'com'],
    ['user.github.io', ['user'], 'github', 'io'], // no private suffixes: the Public Suffix List is not shipped
  ])('%s', (input, subdomain, label, suffix) => {
    expect(splitDomain(input)).toMatchObject({ subdomain, label, suffix });
  });

  it('validates host names as registries do', () => {
    expect(isValidHostname('xn--pypal-4ve.com')).toBe(true);
    expect(isValidHostname('ab--cd.com')).toBe(false); // `--` in positions 3–4 is reserved
    expect(isValidHostname('xn--zz.com')).toBe(false); // not punycode
    expect(isValidHostname('example.42')).toBe(false);
    expect(isValidHostname(`${'a.'.repeat(126)}com`)).toBe(false); // 255 characters
  });
});
