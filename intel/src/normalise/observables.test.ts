import { describe, expect, it } from 'vitest';
import type { IndicatorType } from '../model/drafts.js';
import { canonicalIndicator, detectIndicatorType } from './canonical.js';
import { NARROWEST_ALLOWED_PREFIX } from './network-range.js';

const ok = (type: IndicatorType, raw: string) => {
  const result = canonicalIndicator(type, raw);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};
const reason = (type: IndicatorType, raw: string) => {
  const result = canonicalIndicator(type, raw);
  if (result.ok) throw new Error(`accepted ${raw} as ${result.value}`);
  return result.reason;
};

describe('network ranges', () => {
  it('IPv4: network form kept, host bits cleared with a note, defanged input refanged', () => {
    expect(canonicalIndicator('ipv4-cidr', '10.0.0.0/8')).toEqual({ ok: true, value: '10.0.0.0/8' });
    expect(canonicalIndicator('ipv4-cidr', '192.168.13.77/20')).toEqual({
      ok: true,
      value: '192.168.0.0/20',
      note: 'host bits set in "192.168.13.77/20": stored as the network 192.168.0.0/20',
    });
    expect(ok('ipv4-cidr', '203.0.113[.]9/32')).toBe('203.0.113.9/32');
  });

  it('IPv4: refuses what is not a range, or one too broad to be an indicator', () => {
    expect(reason('ipv4-cidr', '10.0.0.0')).toBe('not an IPv4 range in CIDR form (a.b.c.d/n): "10.0.0.0"');
    expect(reason('ipv4-cidr', '10.0.0.0/33')).toMatch(/not an IPv4 range/);
    expect(reason('ipv4-cidr', '300.0.0.0/8')).toMatch(/not an IPv4 range/);
    expect(reason('ipv4-cidr', '0.0.0.0/0')).toBe(
      `IPv4 range wider than /${NARROWEST_ALLOWED_PREFIX.ipv4} (too broad to be an indicator): "0.0.0.0/0"`,
    );
  });

  it('IPv6: RFC 5952 network form, host bits cleared with a note', () => {
    expect(canonicalIndicator('ipv6-cidr', '2001:DB8:0:0:0:0:0:0/32')).toEqual({
      ok: true,
      value: '2001:db8::/32',
    });
    const cleared = canonicalIndicator('ipv6-cidr', '2001:db8:abcd:12::1/48');
    expect(cleared).toMatchObject({ ok: true, value: '2001:db8:abcd::/48' });
    expect(cleared.ok && cleared.note).toMatch(/host bits set/);
    expect(ok('ipv6-cidr', '2001:db8:0:0:1::/96')).toBe('2001:db8:0:0:1::/96');
    expect(reason('ipv6-cidr', '::/0')).toMatch(/wider than \/16/);
    expect(reason('ipv6-cidr', '::ffff:0:0/96')).toMatch(/inside ::\/80/);
    expect(reason('ipv6-cidr', 'fe80::1%eth0/64')).toMatch(/not an IPv6 range/);
  });
});

describe('autonomous systems and TLS fingerprints', () => {
  it('ASN: AS followed by the number, whatever the spelling received', () => {
    expect(ok('asn', 'AS13335')).toBe('AS13335');
    expect(ok('asn', 'as 13335')).toBe('AS13335');
    expect(ok('asn', 'ASN0013335')).toBe('AS13335');
    expect(ok('asn', '4294967295')).toBe('AS4294967295');
    expect(reason('asn', 'AS4294967296')).toBe(
      'not an autonomous system number (AS0 … AS4294967295): "AS4294967296"',
    );
    expect(reason('asn', 'Cloudflare')).toMatch(/not an autonomous system number/);
  });

  it('ASN: the spellings feeds send (as13335, AS 13335, 13335) and RFC 5396 asdot are one AS', () => {
    for (const raw of ['as13335', 'AS 13335', '13335', ' AS13335 ', 'asn 13335', 'AS0.13335'])
      expect(ok('asn', raw)).toBe('AS13335');
    expect(ok('asn', 'AS1.10')).toBe('AS65546');
    expect(ok('asn', 'AS65535.65535')).toBe('AS4294967295');
    expect(reason('asn', 'AS65536.0')).toMatch(/not an autonomous system number/);
    expect(reason('asn', 'AS1.65536')).toMatch(/not an autonomous system number/);
  });

  it('ranges, addresses and fingerprints in the held-out forms', () => {
    expect(ok('ipv4-cidr', '10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(ok('ipv6-cidr', '2001:0DB8:0000:0000:0000:0000:0000:0001/32')).toBe('2001:db8::/32');
    expect(ok('ipv6', '2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(ok('ja3', ' E7D705A3286E19EA42F587B344EE6865 ')).toBe('e7d705a3286e19ea42f587b344ee6865');
  });

  it('JA3 and JA3S: 32 hexadecimal characters, lower-case (values from a real Suricata log)', () => {
    expect(ok('ja3', 'B7202231FF2DB28363C109CEDC6D1642')).toBe('b7202231ff2db28363c109cedc6d1642');
    expect(ok('ja3s', 'ad90cab724fafab2660fbf61673c91a9')).toBe('ad90cab724fafab2660fbf61673c91a9');
    expect(reason('ja3', '770,51-57-69,0,,')).toBe(
      'not a JA3 fingerprint (32 hexadecimal characters): "770,51-57-69,0,,"',
    );
    expect(reason('ja3s', 'ad90cab7')).toMatch(/not a JA3S fingerprint/);
  });

  it('JA4: the a_b_c form FoxIO documents', () => {
    expect(ok('ja4', 't13d1516h2_8daaf6152771_b186095e22b6')).toBe('t13d1516h2_8daaf6152771_b186095e22b6');
    expect(ok('ja4', 'Q13D0310H3_55B375C5D22E_CD85D2D88918')).toBe('q13d0310h3_55b375c5d22e_cd85d2d88918');
    expect(ok('ja4', 't12i010600_c866b44c5a26_000000000000')).toBe('t12i010600_c866b44c5a26_000000000000');
    expect(reason('ja4', 'x13d1516h2_8daaf6152771_b186095e22b6')).toMatch(/not a JA4 fingerprint/);
    expect(reason('ja4', 't13d1516h2_8daaf6152771')).toMatch(/not a JA4 fingerprint/);
  });
});

describe('free-text observables (values from ESET MISP events and Suricata logs)', () => {
  it('kept as given apart from surrounding white space; defanging markers are not touched', () => {
    expect(ok('filename', ' %TEMP%\\FXSAPIDebugTrace.txt ')).toBe('%TEMP%\\FXSAPIDebugTrace.txt');
    expect(ok('filename', 'invoice[.]pdf.exe')).toBe('invoice[.]pdf.exe');
    expect(ok('mutex', 'Global\\{59031A47-3F72-44A7-80C5-5595FE6B30EE}')).toBe(
      'Global\\{59031A47-3F72-44A7-80C5-5595FE6B30EE}',
    );
    expect(ok('user-agent', 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1)')).toBe(
      'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.1)',
    );
    expect(ok('email-subject', 'Get started in your Outlook')).toBe('Get started in your Outlook');
  });

  it('an e-mail subject folded over two header lines is one line', () => {
    expect(ok('email-subject', 'Invoice 2291\r\n for March')).toBe('Invoice 2291 for March');
  });

  it('registry keys: hive written out, doubled separators made single, no trailing separator', () => {
    expect(ok('registry-key', 'HKLM\\SOFTWARE\\Microsoft\\SQMClient\\Windows.WSqmCons')).toBe(
      'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\SQMClient\\Windows.WSqmCons',
    );
    expect(ok('registry-key', 'hkcu\\\\Software\\\\Run\\')).toBe('HKEY_CURRENT_USER\\Software\\Run');
    expect(ok('registry-key', '{59031A47-3F72-44A7-80C5-5595FE6B30EE}')).toBe(
      '{59031A47-3F72-44A7-80C5-5595FE6B30EE}',
    );
    expect(
      reason('registry-key', '(HKLM|HKCU)\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\CLSID\\'),
    ).toMatch(/^a pattern of several registry keys, not one key/);
  });

  it('refuses empty values and control characters with the reason', () => {
    expect(reason('mutex', '   ')).toBe('empty mutex name');
    expect(reason('user-agent', 'curl/8.0\u0000')).toBe(
      'user agent with a control character or line break: "curl/8.0\\u0000"',
    );
    expect(reason('filename', 'a\nb.exe')).toMatch(/^file name with a control character/);
  });
});

describe('detecting the type of a pasted value', () => {
  it('ranges, ASNs and JA4 are recognised; a 32-character digest stays an MD5', () => {
    expect(detectIndicatorType('10.0.0.0/8')).toBe('ipv4-cidr');
    expect(detectIndicatorType('2001:db8::/32')).toBe('ipv6-cidr');
    expect(detectIndicatorType('AS13335')).toBe('asn');
    expect(detectIndicatorType('t13d1516h2_8daaf6152771_b186095e22b6')).toBe('ja4');
    expect(detectIndicatorType('b7202231ff2db28363c109cedc6d1642')).toBe('md5');
  });
});
