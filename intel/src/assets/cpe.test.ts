import { describe, expect, it } from 'vitest';
import { CpeError, parseCpe23 } from './cpe.js';

const errorOf = (s: string): string => {
  try {
    parseCpe23(s);
  } catch (error) {
    if (error instanceof CpeError) return error.message;
    throw error;
  }
  throw new Error(`${s} was accepted`);
};

describe('CPE 2.3 formatted strings', () => {
  it('a KEV-like operating system CPE', () => {
    expect(parseCpe23('cpe:2.3:o:paloaltonetworks:pan-os:10.2.3:*:*:*:*:*:*:*')).toEqual({
      part: 'o',
      vendor: 'paloaltonetworks',
      product: 'pan-os',
      version: '10.2.3',
    });
  });

  it('all 11 attributes, ANY and NA as no value', () => {
    expect(
      parseCpe23('cpe:2.3:a:microsoft:internet_explorer:8.0.6001:beta:-:en-us:*:windows_7:x64:*'),
    ).toEqual({
      part: 'a',
      vendor: 'microsoft',
      product: 'internet_explorer',
      version: '8.0.6001',
      update: 'beta',
      language: 'en-us',
      targetSw: 'windows_7',
      targetHw: 'x64',
    });
    expect(parseCpe23('cpe:2.3:h:cisco:asa_5505:-:-:-:-:-:-:-:-')).toEqual({
      part: 'h',
      vendor: 'cisco',
      product: 'asa_5505',
    });
    expect(parseCpe23('cpe:2.3:a:v:p:1:u:e:de:swe:tsw:thw:oth')).toEqual({
      part: 'a',
      vendor: 'v',
      product: 'p',
      version: '1',
      update: 'u',
      edition: 'e',
      language: 'de',
      swEdition: 'swe',
      targetSw: 'tsw',
      targetHw: 'thw',
      other: 'oth',
    });
  });

  it('escapes are removed: \\: \\. \\- \\\\ \\@ \\/ \\*', () => {
    expect(parseCpe23('cpe:2.3:a:\\@thi\\.ng:egf\\:x\\-y:1\\\\2:\\*:*:*:*:node\\.js:*:a\\/b')).toEqual({
      part: 'a',
      vendor: '@thi.ng',
      product: 'egf:x-y',
      version: '1\\2',
      update: '*',
      targetSw: 'node.js',
      other: 'a/b',
    });
  });

  it('white space around the string is trimmed; the prefix is case-insensitive', () => {
    expect(parseCpe23('  CPE:2.3:A:Apache:Log4j:2.14.1:*:*:*:*:*:*:* ')).toMatchObject({
      part: 'a',
      vendor: 'Apache',
      product: 'Log4j',
    });
  });

  it.each([
    [
      'a wrong prefix',
      'cpe:2.2:a:v:p:1:*:*:*:*:*:*:*',
      /not a CPE 2.3 formatted string \(it must start with "cpe:2.3:"\)/,
    ],
    ['no prefix', 'apache:log4j:2.14.1', /must start with "cpe:2.3:"/],
    ['a CPE 2.2 URI', 'cpe:/a:apache:log4j:2.14.1', /is a CPE 2.2 URI/],
    [
      'too few attributes',
      'cpe:2.3:a:apache:log4j:2.14.1',
      /has 4 attributes after "cpe:2.3:"; a CPE 2.3 name has 11/,
    ],
    ['too many attributes', 'cpe:2.3:a:v:p:1:*:*:*:*:*:*:*:*', /has 12 attributes/],
    ['an escaped colon does not split', 'cpe:2.3:a:v:p\\:1:*:*:*:*:*:*', /has 9 attributes/],
    ['an unknown part', 'cpe:2.3:x:v:p:1:*:*:*:*:*:*:*', /part "x" is not a \(application\)/],
    ['ANY part', 'cpe:2.3:*:v:p:1:*:*:*:*:*:*:*', /part "\*" is not/],
    ['ANY vendor', 'cpe:2.3:a:*:p:1:*:*:*:*:*:*:*', /does not name a vendor and a product/],
    ['NA product', 'cpe:2.3:a:v:-:1:*:*:*:*:*:*:*', /does not name a vendor and a product/],
    ['an empty attribute', 'cpe:2.3:a:v:p::*:*:*:*:*:*:*', /version is empty/],
    ['a wildcard', 'cpe:2.3:a:v:p:10.*:*:*:*:*:*:*:*', /version "10\.\*" has a wildcard/],
    ['a question mark', 'cpe:2.3:a:v:p:1.?:*:*:*:*:*:*:*', /has a wildcard/],
    [
      'an unescaped punctuation',
      'cpe:2.3:a:v:p@q:1:*:*:*:*:*:*:*',
      /product "p@q" has "@", which must be escaped/,
    ],
    ['a lone backslash', 'cpe:2.3:a:v:p:*:*:*:*:*:*:*:x\\', /other ends with a lone backslash/],
    ['an escaped letter', 'cpe:2.3:a:v:\\p:*:*:*:*:*:*:*:*', /escapes "p", which needs no escape/],
    ['white space', 'cpe:2.3:a:v:p q:*:*:*:*:*:*:*:*', /white space or characters outside printable ASCII/],
    ['non-ASCII', 'cpe:2.3:a:vé:p:*:*:*:*:*:*:*:*', /outside printable ASCII/],
    ['a bad language', 'cpe:2.3:a:v:p:*:*:*:english:*:*:*:*', /language "english" is not a language tag/],
  ])('%s is refused with a reason', (_, s, message) => {
    expect(errorOf(s)).toMatch(message);
  });
});
