import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvFields } from './csv-lines.js';
import { loadGeoDatabase, readCompiled, writeCompiled } from './geo-cache.js';
import { GeoDatabase, GeoFileError } from './geo-database.js';
import { ipv6Number } from './ip-ranges.js';
import { GeoUpdateRefused, installGeoFiles } from './install-files.js';

/** The upstream layout, a few rows each (1.1.1.0/24 is Cloudflare's; 2606:4700::/32 too). */
const TEXTS = {
  asnIpv4: [
    '16777216,16777471,13335,"Cloudflare, Inc."',
    '16843008,16843263,13335,"Cloudflare, Inc."',
    '134744064,134744319,15169,Google LLC',
    // An overlap, as the upstream file has one: the earlier range keeps its addresses.
    '134744300,134744400,64500,"Example ""Quoted"" AS"',
    '3221225472,3221225727,0,',
  ].join('\n'),
  asnIpv6: [
    `${ipv6Number('2606:4700::')},${ipv6Number('2606:4700:ffff:ffff:ffff:ffff:ffff:ffff')},13335,"Cloudflare, Inc."`,
    `${ipv6Number('2a00:1450::')},${ipv6Number('2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff')},15169,Google LLC`,
  ].join('\r\n'),
  countryIpv4: ['16777216,16777471,AU', '16843008,16843263,AU', '134744064,134744319,US'].join('\n'),
  countryIpv6: `${ipv6Number('2606:4700::')},${ipv6Number('2606:4700:ffff:ffff:ffff:ffff:ffff:ffff')},US\n`,
};

describe('the offline ASN and country database', () => {
  const db = GeoDatabase.fromText(TEXTS);

  it('answers an address inside a range with its AS, AS name and country, at both ends of the range', () => {
    expect(db.lookup('1.1.1.1')).toEqual({ asn: 13335, asName: 'Cloudflare, Inc.', country: 'AU' });
    expect(db.lookup('1.1.1.0')).toMatchObject({ asn: 13335 });
    expect(db.lookup('1.1.1.255')).toMatchObject({ asn: 13335 });
    expect(db.lookup('8.8.8.8')).toEqual({ asn: 15169, asName: 'Google LLC', country: 'US' });
  });

  it('answers nothing between ranges, before the first and after the last, and for AS0', () => {
    const none = { asn: null, asName: null, country: null };
    expect(db.lookup('1.1.2.0')).toEqual(none);
    expect(db.lookup('0.0.0.1')).toEqual(none);
    expect(db.lookup('255.255.255.255')).toEqual(none);
    expect(db.lookup('192.0.2.1')).toEqual(none);
    expect(db.lookup('not an address')).toBeUndefined();
  });

  it('clips an overlapping range to the addresses after the one before (quoted names read per RFC 4180)', () => {
    expect(db.lookup('8.8.8.255')).toMatchObject({ asn: 15169 });
    expect(db.lookup('8.8.9.0')).toMatchObject({ asn: 64500, asName: 'Example "Quoted" AS' });
  });

  it('looks IPv6 addresses up as 128-bit numbers, compressed or embedded forms alike', () => {
    expect(db.lookup('2606:4700:4700::1111')).toEqual({
      asn: 13335,
      asName: 'Cloudflare, Inc.',
      country: 'US',
    });
    expect(db.lookup('2a00:1450:4001:82b::200e')).toMatchObject({ asn: 15169, country: null });
    expect(db.lookup('2606:46ff:ffff:ffff:ffff:ffff:ffff:ffff')).toMatchObject({ asn: null });
    expect(ipv6Number('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(ipv6Number('2001:db8::1')).toBe((0x20010db8n << 96n) | 1n);
  });

  it('refuses a file out of order or with a bad field, naming the file and line', () => {
    const broken = (asnIpv4: string) => () => GeoDatabase.fromText({ ...TEXTS, asnIpv4 });
    expect(broken('20,30,1,a\n10,15,2,b')).toThrow(
      new GeoFileError('asn-ipv4-num.csv line 2: ranges out of order (the file must be sorted by start)'),
    );
    expect(broken('10,5,1,a')).toThrow(/line 1: the range ends before it starts/);
    expect(broken('1.0.0.0,1.0.0.255,13335,x')).toThrow(/line 1: not an address number: "1.0.0.0"/);
    expect(broken('10,20,AS1,x')).toThrow(/line 1: not an AS number: "AS1"/);
    expect(() => GeoDatabase.fromText({ ...TEXTS, countryIpv4: '1,2,Australia' })).toThrow(
      /not a country code: "Australia"/,
    );
    expect(broken('')).toThrow(/holds no range/);
    expect(() => csvFields('1,2,"open')).toThrow(/unclosed quote/);
  });

  it('round-trips through the compiled file, and ignores it once a source changes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'geo-'));
    const file = path.join(dir, 'compiled.bin');
    writeCompiled(db, file, 'fingerprint-1');
    const again = readCompiled(file, 'fingerprint-1')!;
    for (const address of ['1.1.1.1', '8.8.9.0', '2606:4700:4700::1111', '1.1.2.0'])
      expect(again.lookup(address)).toEqual(db.lookup(address));
    expect(readCompiled(file, 'fingerprint-2')).toBeUndefined();
  });
});

describe('the installed database (the npm packages) and its update', () => {
  it('knows 1.1.1.1 as AS13335, Cloudflare', { timeout: 60_000 }, () => {
    const installed = loadGeoDatabase();
    expect(installed.lookup('1.1.1.1')).toMatchObject({ asn: 13335, asName: 'Cloudflare, Inc.' });
    expect(installed.lookup('1.1.1.1')!.country).toMatch(/^[A-Z]{2}$/);
    expect(installed.lookup('2606:4700:4700::1111')).toMatchObject({ asn: 13335 });
    expect(installed.lookup('10.1.2.3')).toEqual({ asn: null, asName: null, country: null });
    expect(installed.sizes.asnIpv4).toBeGreaterThan(100_000);
  });

  it('an update from a folder missing a file or holding a broken one changes nothing', () => {
    const from = mkdtempSync(path.join(tmpdir(), 'geo-from-'));
    const target = mkdtempSync(path.join(tmpdir(), 'geo-to-'));
    process.env.CTI_GEO_DIR = target;
    try {
      writeFileSync(path.join(from, 'asn-ipv4-num.csv'), TEXTS.asnIpv4);
      expect(() => installGeoFiles(from)).toThrow(GeoUpdateRefused);
      expect(() => installGeoFiles(from)).toThrow(
        /lacks asn-ipv6-num.csv, geo-whois-asn-country-ipv4-num.csv/,
      );
      writeFileSync(path.join(from, 'asn-ipv6-num.csv'), TEXTS.asnIpv6);
      writeFileSync(path.join(from, 'geo-whois-asn-country-ipv4-num.csv'), 'x,y,ZZ');
      writeFileSync(path.join(from, 'geo-whois-asn-country-ipv6-num.csv'), TEXTS.countryIpv6);
      expect(() => installGeoFiles(from)).toThrow(/not an address number: "x": nothing was changed/);
      writeFileSync(path.join(from, 'geo-whois-asn-country-ipv4-num.csv'), TEXTS.countryIpv4);
      const installed = installGeoFiles(from);
      expect(readFileSync(installed.asnIpv4, 'utf8')).toBe(TEXTS.asnIpv4);
      // The updated files win over the packages' (a newer file: its fingerprint differs).
      utimesSync(installed.asnIpv4, new Date(), new Date());
      expect(loadGeoDatabase().lookup('8.8.9.0')).toMatchObject({ asn: 64500 });
    } finally {
      delete process.env.CTI_GEO_DIR;
    }
  });
});
