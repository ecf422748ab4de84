import { describe, expect, it } from 'vitest';
import { checkAssetFields } from './asset-fields';

describe('checkAssetFields', () => {
  it('needs a hostname or an ip', () => {
    expect(checkAssetFields({ owner: 'Network team', hostname: '  ' })).toEqual({
      ok: false,
      reason: 'neither a hostname nor an ip',
    });
  });

  it('reads host names canonically, single-label names too, and addresses in RFC 5952 form', () => {
    expect(checkAssetFields({ hostname: 'VPN.Example.COM.' })).toEqual({
      ok: true,
      asset: { hostname: 'vpn.example.com' },
    });
    expect(checkAssetFields({ hostname: 'FileServer01' })).toEqual({
      ok: true,
      asset: { hostname: 'fileserver01' },
    });
    expect(checkAssetFields({ ip: '2001:DB8:0:0:0:0:0:1' })).toEqual({
      ok: true,
      asset: { ip: '2001:db8::1' },
    });
  });

  it('names the field that is wrong', () => {
    expect(checkAssetFields({ hostname: 'bad host!' })).toEqual({
      ok: false,
      reason: 'hostname: not a domain name: "bad host!"',
    });
    expect(checkAssetFields({ hostname: "=cmd|' /C calc'!A0" })).toEqual({
      ok: false,
      reason: `hostname "=cmd|' /C calc'!A0" is a spreadsheet formula, not a host name`,
    });
    expect(checkAssetFields({ ip: '300.1.1.1' })).toEqual({
      ok: false,
      reason: 'ip: not an IPv4 address: "300.1.1.1"',
    });
    expect(checkAssetFields({ ip: '203.0.113.9', owner: 'x'.repeat(201) })).toEqual({
      ok: false,
      reason: 'owner is longer than 200 characters',
    });
  });

  it('reads criticality as a word or 1–4 and refuses anything else', () => {
    const levels = ['1', '2', '3', '4', 'LOW', 'Critical'].map((criticality) =>
      checkAssetFields({ ip: '203.0.113.9', criticality }),
    );
    expect(levels.map((check) => check.ok && check.asset.criticality)).toEqual([
      'low',
      'medium',
      'high',
      'critical',
      'low',
      'critical',
    ]);
    expect(checkAssetFields({ ip: '203.0.113.9', criticality: '5' })).toEqual({
      ok: false,
      reason: 'criticality "5" is not low, medium, high, critical or 1–4',
    });
    expect(checkAssetFields({ ip: '203.0.113.9' })).toEqual({ ok: true, asset: { ip: '203.0.113.9' } });
  });

  it('pairs vendor and product, and a version needs both', () => {
    expect(checkAssetFields({ ip: '203.0.113.9', vendor: 'Ivanti' })).toEqual({
      ok: false,
      reason: 'vendor without a product',
    });
    expect(checkAssetFields({ ip: '203.0.113.9', product: 'Connect Secure' })).toEqual({
      ok: false,
      reason: 'product without a vendor',
    });
    expect(checkAssetFields({ ip: '203.0.113.9', version: '22.7' })).toEqual({
      ok: false,
      reason: 'version without a vendor and a product',
    });
    expect(
      checkAssetFields({ ip: '203.0.113.9', vendor: 'Ivanti', product: 'Connect Secure', version: '22.7' }),
    ).toEqual({
      ok: true,
      asset: { ip: '203.0.113.9', product: { vendor: 'Ivanti', product: 'Connect Secure', version: '22.7' } },
    });
  });

  it('takes vendor, product and version from a CPE where the columns are blank', () => {
    const cpe = 'cpe:2.3:o:paloaltonetworks:pan-os:10.2.3:*:*:*:*:*:*:*';
    expect(checkAssetFields({ hostname: 'fw.example.com', cpe })).toEqual({
      ok: true,
      asset: {
        hostname: 'fw.example.com',
        product: { vendor: 'paloaltonetworks', product: 'pan-os', version: '10.2.3', cpe },
      },
    });
    expect(checkAssetFields({ hostname: 'fw.example.com', cpe: 'cpe:/o:vendor:product' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^cpe: .* is a CPE 2\.2 URI/),
    });
  });

  it('keeps a hostile owner as given: it is free text, rendered inert and escaped on export', () => {
    expect(checkAssetFields({ ip: '203.0.113.9', owner: '<img src=x onerror=alert(1)>' })).toEqual({
      ok: true,
      asset: { ip: '203.0.113.9', owner: '<img src=x onerror=alert(1)>' },
    });
  });
});

describe('an asset named by its CPE', () => {
  const withCpe = (cpe: string) => checkAssetFields({ hostname: 'vpn.example.com', cpe });

  it('takes vendor, product and version from it, unescaped, with * and - as no value', () => {
    expect(withCpe('cpe:2.3:a:microsoft:internet_explorer:8\\.0\\.6001:beta:*:*:*:*:*:*')).toMatchObject({
      ok: true,
      asset: { product: { vendor: 'microsoft', product: 'internet_explorer', version: '8.0.6001' } },
    });
    const noVersion = withCpe('cpe:2.3:a:fortinet:fortios:-:*:*:*:*:*:*:*');
    expect(noVersion).toMatchObject({
      ok: true,
      asset: { product: { vendor: 'fortinet', product: 'fortios' } },
    });
    expect(noVersion.ok && noVersion.asset.product).not.toHaveProperty('version');
  });

  it("refuses what the importer refuses, in the importer's words", () => {
    const refused = {
      'cpe:2.3:a:fortinet:fortios:7.*:*:*:*:*:*:*:*': 'has a wildcard',
      'cpe:2.3:a:fortinet:fortios': 'has 3 attributes',
      'cpe:2.3:x:fortinet:fortios:7:*:*:*:*:*:*:*': 'is not a (application)',
      'cpe:2.3:a:*:fortios:7:*:*:*:*:*:*:*': 'does not name a vendor and a product',
      // These two the page used to accept, and `intel import` refused:
      'cpe:2.3:a:acme:web$app:1:*:*:*:*:*:*:*': 'must be escaped',
      'cpe:2.3:a:acme:app::*:*:*:*:*:*:*': 'version is empty',
    };
    for (const [cpe, words] of Object.entries(refused)) {
      const check = withCpe(cpe);
      expect(check.ok, cpe).toBe(false);
      expect(!check.ok && check.reason, cpe).toMatch(
        new RegExp(`^cpe: .*${words.replace(/[()$]/g, '\\$&')}`),
      );
    }
  });
});
