import { isIP } from 'node:net';
import * as nodeUrl from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainToASCII, domainToUnicode, isIpAddress } from './idna.js';
import { generateLookalikes } from './lookalikes.js';
import { decodePunycode } from './punycode.js';

// The browser-safe codec must answer as node:url does on every name the library hands it.
describe('idna: the URL-based codec agrees with node:url', () => {
  const names = [
    'example.com',
    'EXAMPLE.com.',
    'bücher.de',
    'BÜCHER.DE',
    'xn--bcher-kva.de',
    'рaypal.com',
    '例え.テスト',
    'ｅｘａｍｐｌｅ．ｃｏｍ',
    'exa_mple.com',
    'example..com',
    'example.123',
    '0x7f.1',
    '192.0.2.1',
    'xn--zz.com',
    'xn--a.com',
    'a\u200db.com',
    'straße.de',
    '🙂.example',
  ];

  it.each(names)('%j to ASCII and back', (name) => {
    expect(domainToASCII(name)).toBe(nodeUrl.domainToASCII(name));
    const ascii = nodeUrl.domainToASCII(name);
    if (ascii) expect(domainToUnicode(ascii)).toBe(nodeUrl.domainToUnicode(ascii));
  });

  it('refuses what would make the name a URL instead of cutting it there', () => {
    for (const name of [
      'example.com/login',
      'user@example.com',
      'example.com:80',
      'ex ample.com',
      'a%41.com',
    ])
      expect(domainToASCII(name), name).toBe('');
  });

  it('round-trips every lookalike of an IDN-heavy domain', () => {
    for (const { domain, unicode } of generateLookalikes('paypal.com', { limit: 2000 })) {
      expect(domainToASCII(unicode)).toBe(domain);
      expect(domainToUnicode(domain)).toBe(nodeUrl.domainToUnicode(domain));
    }
  });

  it('tells IP addresses as net.isIP does', () => {
    for (const text of [
      '192.0.2.1',
      '2001:db8::1',
      '::1',
      '::ffff:192.0.2.1',
      '01.2.3.4',
      '256.1.1.1',
      'example.com',
      '1:2',
    ])
      expect(isIpAddress(text), text).toBe(isIP(text) !== 0);
  });
});

describe('punycode: RFC 3492 decoding', () => {
  it('decodes the RFC samples and refuses malformed input', () => {
    expect(decodePunycode('egbpdaj6bu4bxfgehfvwxn')).toBe('ليهمابتكلموشعربي؟');
    expect(decodePunycode('ihqwcrb4cv8a8dqg056pqjye')).toBe('他们为什么不说中文');
    expect(decodePunycode('bcher-kva')).toBe('bücher');
    expect(decodePunycode('abc-')).toBe('abc');
    expect(decodePunycode('99999999999999')).toBeUndefined();
    expect(decodePunycode('a-b!')).toBeUndefined();
  });
});
