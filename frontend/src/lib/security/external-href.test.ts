import { describe, expect, it } from 'vitest';
import { externalHref, splitReferences } from './external-href';

describe('externalHref', () => {
  it.each([
    ['https://search.censys.io/hosts/1.2.3.4', 'https://search.censys.io/hosts/1.2.3.4'],
    ['http://nvd.nist.gov/vuln/detail/CVE-2021-44228', 'http://nvd.nist.gov/vuln/detail/CVE-2021-44228'],
    ['  HTTPS://Example.org/a b ', 'https://example.org/a%20b'],
  ])('opens %j at %j', (value, href) => {
    expect(externalHref(value)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)//https://x.example',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/platform/admin',
    'hxxps://search[.]censys[.]io/',
    'https://user:pass@evil.example/',
    'https://evil.example/\u202etxt.exe',
    'ftp://files.example/x',
    'https://',
    '',
  ])('never makes %j clickable', (value) => {
    expect(externalHref(value)).toBeNull();
  });
});

describe('splitReferences', () => {
  it('finds each URL in a KEV note and keeps the words between', () => {
    const parts = splitReferences(
      'https://logging.apache.org/log4j/2.x/security.html; https://nvd.nist.gov/vuln/detail/CVE-2021-44228.',
    );
    expect(parts).toEqual([
      {
        text: 'https://logging.apache.org/log4j/2.x/security.html',
        href: 'https://logging.apache.org/log4j/2.x/security.html',
      },
      { text: '; ', href: null },
      {
        text: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
        href: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
      },
      { text: '.', href: null },
    ]);
  });

  it('leaves text without URLs whole', () => {
    expect(splitReferences('Apply updates per vendor instructions.')).toEqual([
      { text: 'Apply updates per vendor instructions.', href: null },
    ]);
  });
});
