import { describe, expect, it } from 'vitest';
import { canonicalIndicator, readIndicator } from './indicator-input';

describe('indicator input', () => {
  it.each([
    ['hxxp://evil[.]com/a?b=1', 'url', 'http://evil.com/a?b=1'],
    ['hXXps://EVIL(.)Example[.]org', 'url', 'https://evil.example.org/'],
    ['evil[.]com', 'domain', 'evil.com'],
    ['Bücher[.]example', 'domain', 'xn--bcher-kva.example'],
    ['1.2.3[.]4', 'ipv4', '1.2.3.4'],
    ['2001:DB8:0:0:0:0:0:1', 'ipv6', '2001:db8::1'],
    ['[2001:db8::1]', 'ipv6', '2001:db8::1'],
    ['Admin[@]Evil[.]COM', 'email', 'Admin@evil.com'],
    ['D41D8CD98F00B204E9800998ECF8427E', 'md5', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['"evil.com"', 'domain', 'evil.com'],
    ['10.0.0.0/8', 'ipv4-cidr', '10.0.0.0/8'],
    ['192.168.13.77/20', 'ipv4-cidr', '192.168.0.0/20'],
    ['2001:DB8::/32', 'ipv6-cidr', '2001:db8::/32'],
    ['as13335', 'asn', 'AS13335'],
    ['T13D1516H2_8daaf6152771_b186095e22b6', 'ja4', 't13d1516h2_8daaf6152771_b186095e22b6'],
  ])('reads %s as %s %s', (raw, type, value) => {
    expect(readIndicator(raw)).toEqual({ ok: true, type, value });
  });

  it.each([
    ['', 'Enter a value.'],
    [
      'not an indicator',
      'Not an IP address or range, domain, URL, e-mail address, hash, ASN or JA4 fingerprint.',
    ],
  ])('explains %j', (raw, reason) => {
    expect(readIndicator(raw)).toEqual({ ok: false, reason });
  });

  it('checks a value against the type the analyst chose', () => {
    // The importers' own reason follows the page's sentence: the analyst sees what a feed would get.
    expect(canonicalIndicator('sha256', 'abc')).toEqual({
      ok: false,
      reason: 'This is not a valid SHA-256 hash: not a SHA256 hash (64 hexadecimal characters): "abc".',
    });
    expect(canonicalIndicator('ipv4', '999.1.1.1')).toEqual({
      ok: false,
      reason: 'This is not a valid IPv4 address: not an IPv4 address: "999.1.1.1".',
    });
    expect(canonicalIndicator('domain', 'http://x.com')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^This is not a valid domain name: not a domain name/),
    });
    expect(canonicalIndicator('ipv6', 'fe80::1%eth0')).toMatchObject({ ok: false });
    expect(canonicalIndicator('domain', '  ')).toEqual({ ok: false, reason: 'Enter a value.' });
    expect(canonicalIndicator('url', 'javascript:alert(1)')).toMatchObject({ ok: false });
  });

  it('reads the wider types as the importers do, free text kept as given', () => {
    expect(canonicalIndicator('user-agent', ' Mozilla/4.0 (compatible; MSIE 7.0) ')).toEqual({
      ok: true,
      type: 'user-agent',
      value: 'Mozilla/4.0 (compatible; MSIE 7.0)',
    });
    expect(canonicalIndicator('filename', 'invoice[.]pdf.exe')).toMatchObject({
      ok: true,
      value: 'invoice[.]pdf.exe',
    });
    expect(canonicalIndicator('registry-key', 'HKLM\\Software\\Run')).toMatchObject({
      ok: true,
      value: 'HKEY_LOCAL_MACHINE\\Software\\Run',
    });
    expect(canonicalIndicator('ja3', 'B7202231FF2DB28363C109CEDC6D1642')).toMatchObject({
      ok: true,
      value: 'b7202231ff2db28363c109cedc6d1642',
    });
  });

  it('says why a range, ASN or subject is refused', () => {
    expect(canonicalIndicator('ipv4-cidr', '0.0.0.0/0')).toEqual({
      ok: false,
      reason:
        'This is not a valid IPv4 range: IPv4 range wider than /8 (too broad to be an indicator): "0.0.0.0/0".',
    });
    expect(canonicalIndicator('asn', 'Cloudflare')).toMatchObject({ ok: false });
    expect(canonicalIndicator('email-subject', 'Invoice\nBcc: x@evil.example')).toMatchObject({ ok: false });
  });
});
