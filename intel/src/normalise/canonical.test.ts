import { describe, expect, it } from 'vitest';
import { canonicalIndicator, detectIndicatorType } from './canonical.js';
import { isDefanged, refang } from './refang.js';

const ok = (type: Parameters<typeof canonicalIndicator>[0], raw: string) => {
  const result = canonicalIndicator(type, raw);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};
const reason = (type: Parameters<typeof canonicalIndicator>[0], raw: string) => {
  const result = canonicalIndicator(type, raw);
  if (result.ok) throw new Error(`accepted ${raw} as ${result.value}`);
  return result.reason;
};

describe('refang', () => {
  it('undoes the usual defanging and nothing else', () => {
    expect(refang('hxxps://evil[.]example[.]com/a?b=1')).toBe('https://evil.example.com/a?b=1');
    expect(refang('hXXp://x(.)y{.}z[dot]io')).toBe('http://x.y.z.io');
    expect(refang('user[@]mail[.]example')).toBe('user@mail.example');
    expect(refang('fxp://files[.]example')).toBe('ftp://files.example');
    expect(refang('  "1.2.3[.]4"  ')).toBe('1.2.3.4');
    expect(refang('<http://a.example/x>')).toBe('http://a.example/x');
    expect(refang('http://a.example/x>')).toBe('http://a.example/x>');
    expect(refang('http://example.com/[x]')).toBe('http://example.com/[x]');
    expect(isDefanged('hxxp://a.b')).toBe(true);
    expect(isDefanged('http://a.b')).toBe(false);
  });
});

describe('canonical indicator values', () => {
  it('IPv4: dotted quads only, no octal-looking leading zeros', () => {
    expect(ok('ipv4', '203.0.113.7')).toBe('203.0.113.7');
    expect(ok('ipv4', '203[.]0[.]113[.]7')).toBe('203.0.113.7');
    expect(reason('ipv4', '256.1.1.1')).toBe('not an IPv4 address: "256.1.1.1"');
    expect(reason('ipv4', '1.2.3')).toMatch(/not an IPv4/);
    expect(reason('ipv4', '010.1.1.1')).toMatch(/not an IPv4/);
  });

  it('IPv6: RFC 5952 text', () => {
    expect(ok('ipv6', '2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(ok('ipv6', '[2001:db8::0001]')).toBe('2001:db8::1');
    expect(ok('ipv6', '::FFFF:192.0.2.1')).toBe('::ffff:c000:201');
    expect(reason('ipv6', 'fe80::1%eth0')).toMatch(/not an IPv6/);
    expect(reason('ipv6', '2001:db8::g')).toMatch(/not an IPv6/);
  });

  it('domains: lower-case, IDNA punycode, no trailing dot', () => {
    expect(ok('domain', 'Evil.Example.COM.')).toBe('evil.example.com');
    expect(ok('domain', 'münchen.de')).toBe('xn--mnchen-3ya.de');
    expect(ok('domain', 'раураl.com')).toBe('xn--l-7sba6dbr.com');
    expect(ok('domain', 'bad_host.example')).toBe('bad_host.example');
    expect(reason('domain', 'bad..example')).toMatch(/not a domain name/);
    expect(reason('domain', 'localhost')).toMatch(/single-label/);
    expect(reason('domain', '1.2.3.4')).toMatch(/an IP address/);
    expect(reason('domain', 'a.123')).toMatch(/numeric top-level/);
    expect(reason('domain', `${'a'.repeat(64)}.com`)).toMatch(/not a domain name/);
    expect(reason('domain', 'domain autuo.xicp.net')).toBe('not a domain name: "domain autuo.xicp.net"');
  });

  it('URLs: scheme and host normalised, path and query kept', () => {
    expect(ok('url', 'HTTP://Example.COM:80')).toBe('http://example.com/');
    expect(ok('url', 'hxxps://evil[.]example/Path?q=<script>alert(1)</script>')).toBe(
      'https://evil.example/Path?q=%3Cscript%3Ealert(1)%3C/script%3E',
    );
    expect(ok('url', 'evil.example/login.php')).toBe('http://evil.example/login.php');
    expect(ok('url', 'http://user:pw@[2001:DB8::1]:8080/x')).toBe('http://user:pw@[2001:db8::1]:8080/x');
    expect(ok('url', 'http://münchen.de/ä')).toBe('http://xn--mnchen-3ya.de/%C3%A4');
    expect(reason('url', 'javascript:alert(1)')).toMatch(/not a URL|unsupported URL scheme/);
    expect(reason('url', 'not a url at all')).toMatch(/not a URL/);
    expect(reason('url', `http://x.example/${'a'.repeat(9000)}`)).toMatch(/longer than 8192/);
  });

  it('e-mail: the domain canonical, the local part as given', () => {
    expect(ok('email', 'John.Doe@München.DE')).toBe('John.Doe@xn--mnchen-3ya.de');
    expect(ok('email', 'phish[@]evil[.]example')).toBe('phish@evil.example');
    expect(reason('email', 'no-at-sign.example')).toMatch(/not an e-mail/);
    expect(reason('email', 'a b@example.com')).toMatch(/not an e-mail/);
  });

  it('hashes: lower-case hex of the exact length', () => {
    expect(ok('md5', 'D41D8CD98F00B204E9800998ECF8427E')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(reason('sha256', 'abc')).toBe('not a SHA256 hash (64 hexadecimal characters): "abc"');
    expect(reason('sha1', 'z'.repeat(40))).toMatch(/not a SHA1/);
  });

  it('detects the type of a pasted value', () => {
    expect(
      [
        '1.2.3.4',
        '2001:db8::1',
        'hxxp://a[.]b/c',
        'a@b.example',
        'a'.repeat(32),
        'a'.repeat(64),
        'evil.example',
        'junk value',
      ].map(detectIndicatorType),
    ).toEqual(['ipv4', 'ipv6', 'url', 'email', 'md5', 'sha256', 'domain', undefined]);
  });
});
