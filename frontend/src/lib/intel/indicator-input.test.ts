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
  ])('reads %s as %s %s', (raw, type, value) => {
    expect(readIndicator(raw)).toEqual({ ok: true, type, value });
  });

  it.each([
    ['', 'Enter a value.'],
    ['not an indicator', 'Not an IP address, domain, URL, e-mail address or hash.'],
  ])('explains %j', (raw, reason) => {
    expect(readIndicator(raw)).toEqual({ ok: false, reason });
  });

  it('checks a value against the type the analyst chose', () => {
    expect(canonicalIndicator('sha256', 'abc')).toEqual({
      ok: false,
      reason: 'This is not a valid SHA-256 hash.',
    });
    expect(canonicalIndicator('ipv4', '999.1.1.1')).toEqual({
      ok: false,
      reason: 'This is not a valid IPv4 address.',
    });
    expect(canonicalIndicator('domain', 'http://x.com')).toEqual({
      ok: false,
      reason: 'This is not a valid domain name.',
    });
    expect(canonicalIndicator('url', 'javascript:alert(1)')).toMatchObject({ ok: false });
  });
});
