import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../model/drafts.js';
import { canonicalIndicator } from '../normalise/canonical.js';
import { sharedFile } from '../testing/shared-data.js';
import { mispFormat } from './misp.js';
import { stixFormat } from './stix.js';
import { simplePatternValues } from './stix/pattern.js';
import { draftsOf, draftsOfText, tally } from './testing/collect.js';

/** A real event as an analyst who marks every attribute for detection would send it. */
function everyAttributeForDetection(file: string): string {
  const text = readFileSync(sharedFile(`eset-misp-events/${file}`), 'utf8');
  // Whatever the wrapping ({Event}, {response: [...]}, [...]): every attribute has a to_ids.
  return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === 'to_ids' ? true : value));
}

const indicators = (drafts: Draft[]) =>
  drafts.flatMap((d) => (d.kind === 'indicator' ? [{ type: d.type, value: d.value }] : []));

const attribute = (type: string, value: string) => ({ type, value, to_ids: true, uuid: `${type}-1` });
const eventOf = (...attributes: ReturnType<typeof attribute>[]) =>
  JSON.stringify({
    Event: { uuid: '5ec81ad5-0000-4000-8000-000000000002', info: 'mapping', Attribute: attributes },
  });

describe('MISP attribute types onto the wider observable model', () => {
  it('real ESET events, every attribute for detection: file names, registry keys and the subject are kept', async () => {
    const turla = await draftsOfText(
      mispFormat,
      everyAttributeForDetection('turla_misp-turla-comrat-v4-event.json'),
    );
    expect(tally(turla)).toMatchObject({
      indicator: 36,
      'indicator:domain': 27,
      'indicator:sha1': 4,
      'indicator:filename': 2,
      'indicator:registry-key': 3,
    });
    const vivern = await draftsOfText(
      mispFormat,
      everyAttributeForDetection('winter_vivern_misp-wintervivern.event.json'),
    );
    expect(tally(vivern)).toMatchObject({
      indicator: 13,
      'indicator:email-subject': 1,
      'indicator:filename': 1,
      'indicator:ipv4': 1,
      // 8 text, 2 port, 1 vulnerability: no observable type holds them.
      ignored: 11,
    });
    const oceanlotus = await draftsOfText(
      mispFormat,
      everyAttributeForDetection('oceanlotus_oceanlotus-macOS.misp.event.json'),
    );
    expect(tally(oceanlotus)).toMatchObject({
      indicator: 7,
      'indicator:filename': 3,
      'indicator:domain': 3,
      ignored: 2,
    });
  });

  it('the kept values canonicalise, except the registry key that is a pattern of two hives', async () => {
    const drafts = [
      ...(await draftsOfText(
        mispFormat,
        everyAttributeForDetection('turla_misp-turla-comrat-v4-event.json'),
      )),
      ...(await draftsOfText(
        mispFormat,
        everyAttributeForDetection('winter_vivern_misp-wintervivern.event.json'),
      )),
    ];
    const wider = indicators(drafts).filter((i) =>
      ['filename', 'registry-key', 'email-subject'].includes(i.type),
    );
    const refused = wider.filter((i) => !canonicalIndicator(i.type, i.value).ok);
    expect(wider).toHaveLength(7);
    expect(refused).toEqual([
      {
        type: 'registry-key',
        value: '(HKLM|HKCU)\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\CLSID\\',
      },
    ]);
    expect(
      canonicalIndicator('registry-key', 'HKLM\\SOFTWARE\\Microsoft\\SQMClient\\Windows.WSqmCons'),
    ).toEqual({
      ok: true,
      value: 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\SQMClient\\Windows.WSqmCons',
    });
  });

  it('composites give both values; addresses with a prefix are ranges; JARM is counted, not kept', async () => {
    const drafts = await draftsOfText(
      mispFormat,
      eventOf(
        attribute('ip-dst|port', '198.51.100.7|443'),
        attribute('ip-src|port', '2001:db8::9|8080'),
        attribute('domain|ip', 'c2.example|203.0.113.5'),
        attribute('filename|md5', `invoice.pdf.exe|${'b'.repeat(32)}`),
        attribute('filename|sha1', `a|b.dll|${'c'.repeat(40)}`),
        attribute('filename|sha512', `x.bin|${'d'.repeat(128)}`),
        attribute('AS', 'AS64500'),
        attribute('ja3-fingerprint-md5', 'b7202231ff2db28363c109cedc6d1642'),
        attribute('jarm-fingerprint', '2ad2ad0002ad2ad00042d42d000000ad9bf51cc3f5a1e29eecb81d0c7b06eb'),
        attribute('user-agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)'),
        attribute('mutex', 'Global\\SomeMutex'),
        attribute('regkey|value', 'HKCU\\Software\\Run|C:\\Users\\a|b.exe'),
        attribute('ip-dst', '10.20.0.0/16'),
        attribute('ip-src', '2001:db8:1::/48'),
        attribute('ip-dst', '192.0.2.1/32'),
      ),
    );
    expect(indicators(drafts)).toEqual([
      { type: 'ipv4', value: '198.51.100.7' },
      { type: 'ipv6', value: '2001:db8::9' },
      { type: 'domain', value: 'c2.example' },
      { type: 'ipv4', value: '203.0.113.5' },
      { type: 'filename', value: 'invoice.pdf.exe' },
      { type: 'md5', value: 'b'.repeat(32) },
      // MISP splits at the first bar; the rest is not a SHA-1 and the pipeline will say so.
      { type: 'filename', value: 'a' },
      { type: 'sha1', value: `b.dll|${'c'.repeat(40)}` },
      { type: 'filename', value: 'x.bin' },
      { type: 'sha512', value: 'd'.repeat(128) },
      { type: 'asn', value: 'AS64500' },
      { type: 'ja3', value: 'b7202231ff2db28363c109cedc6d1642' },
      { type: 'user-agent', value: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
      { type: 'mutex', value: 'Global\\SomeMutex' },
      { type: 'registry-key', value: 'HKCU\\Software\\Run' },
      { type: 'ipv4-cidr', value: '10.20.0.0/16' },
      { type: 'ipv6-cidr', value: '2001:db8:1::/48' },
      { type: 'ipv4', value: '192.0.2.1' },
    ]);
    expect(drafts.filter((d) => d.kind === 'ignored')).toEqual([
      { kind: 'ignored', where: '$.Event.Attribute[8]', what: 'MISP attribute type jarm-fingerprint' },
    ]);
  });
});

/** The patterns the indicators table generates (pgTAP 290 checks the same strings). */
const TABLE_PATTERNS = [
  ["[ipv4-addr:value = '10.0.0.0/8']", 'ipv4-cidr', '10.0.0.0/8'],
  ["[ipv6-addr:value = '2001:db8::/32']", 'ipv6-cidr', '2001:db8::/32'],
  ['[autonomous-system:number = 13335]', 'asn', '13335'],
  [
    "[network-traffic:extensions.'x-tls-ext'.ja3 = 'b7202231ff2db28363c109cedc6d1642']",
    'ja3',
    'b7202231ff2db28363c109cedc6d1642',
  ],
  [
    "[network-traffic:extensions.'x-tls-ext'.ja3s = 'ad90cab724fafab2660fbf61673c91a9']",
    'ja3s',
    'ad90cab724fafab2660fbf61673c91a9',
  ],
  [
    "[network-traffic:extensions.'x-tls-ext'.ja4 = 't13d1516h2_8daaf6152771_b186095e22b6']",
    'ja4',
    't13d1516h2_8daaf6152771_b186095e22b6',
  ],
  [
    "[network-traffic:extensions.'http-request-ext'.request_header.'User-Agent' = 'Mozilla/4.0 (compatible; MSIE 7.0)']",
    'user-agent',
    'Mozilla/4.0 (compatible; MSIE 7.0)',
  ],
  ["[file:name = 'O\\'Brien.exe']", 'filename', "O'Brien.exe"],
  ["[mutex:name = 'Global\\\\{59031A47}']", 'mutex', 'Global\\{59031A47}'],
  [
    "[windows-registry-key:key = 'HKEY_LOCAL_MACHINE\\\\SOFTWARE\\\\Run']",
    'registry-key',
    'HKEY_LOCAL_MACHINE\\SOFTWARE\\Run',
  ],
  ["[email-message:subject = 'Get started in your Outlook']", 'email-subject', 'Get started in your Outlook'],
] as const;

describe('STIX patterns onto the wider observable model', () => {
  it.each(TABLE_PATTERNS)('%s reads back as its type and value', (pattern, type, value) => {
    expect(simplePatternValues(pattern)).toEqual([{ type, value }]);
  });

  it('an ASN pattern reads back as the canonical AS number', () => {
    expect(
      canonicalIndicator('asn', simplePatternValues('[autonomous-system:number = 13335]')![0]!.value),
    ).toEqual({
      ok: true,
      value: 'AS13335',
    });
  });

  it('a single-address range is the address; a value of the other family is no simple pattern', () => {
    expect(simplePatternValues("[ipv4-addr:value = '192.0.2.1/32']")).toEqual([
      { type: 'ipv4', value: '192.0.2.1' },
    ]);
    expect(simplePatternValues("[ipv4-addr:value = '2001:db8::/32']")).toBeUndefined();
  });

  it('the real e-mail example matches subject and attachment with MATCHES: both stay objects, no subject indicator', async () => {
    const drafts = await draftsOf(
      stixFormat,
      sharedFile('stix2-examples/malicious-email-indicator-with-attachment.json'),
    );
    expect(tally(drafts)['indicator:email-subject']).toBeUndefined();
    expect(tally(drafts)['object:indicator']).toBe(2);
  });
});
