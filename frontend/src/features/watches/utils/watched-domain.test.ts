import { generateLookalikes } from '@intel/brand';
import { describe, expect, it } from 'vitest';
import { fitRequest, LOOKALIKES_MAX_BYTES, readWatchedDomain } from './watched-domain';

// The server stores only names matching these (add_domain_watch's checks).
const SERVER_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const SERVER_FAMILY = /^[a-z-]{3,30}$/;

describe('lookalike generation in the browser (@intel/brand under jsdom)', () => {
  it('turns an IDN homoglyph into its xn-- form and keeps the Unicode to show', () => {
    const found = generateLookalikes('paypal.com', { families: ['homoglyph'] });
    expect(found).toContainEqual({
      domain: 'xn--pypal-4ve.com',
      unicode: 'p\u0430ypal.com',
      family: 'homoglyph',
    });
    expect(found.map((l) => l.unicode)).toContain('\u0440\u0430\u0443\u0440\u0430\u04cf.com');
  });

  it('reads a defanged URL as its domain and generates every family within the server’s checks', () => {
    const read = readWatchedDomain('  hxxps://PayPal[.]com/login ');
    if (!read.ok) throw new Error(read.reason);
    expect(read.domain).toBe('PayPal.com');
    expect(read.ascii).toBe('paypal.com');
    expect(read.lookalikes).toEqual(generateLookalikes('paypal.com'));
    expect(new Set(read.lookalikes.map((l) => l.family)).size).toBe(14);
    for (const l of read.lookalikes) {
      expect(l.domain, l.domain).toMatch(SERVER_DOMAIN);
      expect(l.family).toMatch(SERVER_FAMILY);
    }
  });

  it('watches an IDN by its punycode and excludes it from its own lookalikes', () => {
    const read = readWatchedDomain('bücher.de.');
    if (!read.ok) throw new Error(read.reason);
    expect(read.ascii).toBe('xn--bcher-kva.de');
    expect(read.lookalikes.map((l) => l.domain)).not.toContain('xn--bcher-kva.de');
    expect(read.lookalikes.map((l) => l.unicode)).toContain('bücher.com');
  });

  it('refuses what is no registrable domain, in words', () => {
    for (const [input, reason] of [
      ['192.0.2.1', /IP address/],
      ['localhost', /single-label/],
      ['co.uk', /public suffix/],
      ['', /Enter a domain/],
    ] as const) {
      const read = readWatchedDomain(input);
      expect(read.ok, input).toBe(false);
      if (!read.ok) expect(read.reason).toMatch(reason);
    }
  });
});

describe('fitRequest', () => {
  it('keeps the head of the list that fits one request body', () => {
    const read = readWatchedDomain(
      'www.secure.microsoftonlineservicesauthmicrosoftonlineservicesauth.com.au',
    );
    if (!read.ok) throw new Error(read.reason);
    expect(read.generated).toBe(5000);
    const bytes = new TextEncoder().encode(JSON.stringify(read.lookalikes)).length;
    expect(bytes).toBeLessThanOrEqual(LOOKALIKES_MAX_BYTES);
    expect(read.lookalikes).toEqual(generateLookalikes(read.domain).slice(0, read.lookalikes.length));
    const two = generateLookalikes('example.com').slice(0, 2);
    expect(fitRequest(two, new TextEncoder().encode(JSON.stringify(two)).length)).toEqual(two);
    expect(fitRequest(two, new TextEncoder().encode(JSON.stringify(two)).length - 1)).toEqual(
      two.slice(0, 1),
    );
  });
});
