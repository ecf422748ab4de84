import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { HOSTILE, SAMPLE_FILES, sampleOf } from '../formats/lib/testing.js';
import type { AssetItem } from './asset-row.js';
import { assetsCsv } from './assets-csv.js';

/** Items of inline CSV; `chunk` feeds that many bytes at a time (a BOM split over chunks included). */
async function itemsOf(text: string, chunk = 0): Promise<AssetItem[]> {
  const bytes = Buffer.from(text);
  const pieces =
    chunk > 0
      ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
          bytes.subarray(i * chunk, (i + 1) * chunk),
        )
      : [bytes];
  const items: AssetItem[] = [];
  for await (const item of assetsCsv.parse(Readable.from(pieces), { fileName: 'assets.csv', head: text }))
    items.push(item);
  return items;
}

async function refusalOf(text: string): Promise<string> {
  try {
    await itemsOf(text);
  } catch (error) {
    if (error instanceof InputRefused) return error.message;
    throw error;
  }
  throw new Error('the input was not refused');
}

const HEADER = 'hostname,ip,owner,criticality,vendor,product,version,cpe';
const GOOD = `${HEADER}
www.Example.COM,192.0.2.10,Web team,high,Apache,http_server,2.4.57,
www.example.com,192.0.2.10,Web team,high,OpenSSL,openssl,3.0.8,
FileServer01,,IT,4,,,,
vpn.example.com,2001:DB8:0:0:0:0:0:1,Network,1,,,,cpe:2.3:o:paloaltonetworks:pan-os:10.2.3:*:*:*:*:*:*:*
,198.51.100.7,,,,,,
bücher.example,,,,,,,
`;

const GOOD_ITEMS: AssetItem[] = [
  {
    kind: 'asset',
    where: 'line 2',
    hostname: 'www.example.com',
    ip: '192.0.2.10',
    owner: 'Web team',
    criticality: 'high',
    product: { vendor: 'Apache', product: 'http_server', version: '2.4.57' },
  },
  {
    kind: 'asset',
    where: 'line 3',
    hostname: 'www.example.com',
    ip: '192.0.2.10',
    owner: 'Web team',
    criticality: 'high',
    product: { vendor: 'OpenSSL', product: 'openssl', version: '3.0.8' },
  },
  { kind: 'asset', where: 'line 4', hostname: 'fileserver01', owner: 'IT', criticality: 'critical' },
  {
    kind: 'asset',
    where: 'line 5',
    hostname: 'vpn.example.com',
    ip: '2001:db8::1',
    owner: 'Network',
    criticality: 'low',
    product: {
      vendor: 'paloaltonetworks',
      product: 'pan-os',
      version: '10.2.3',
      cpe: 'cpe:2.3:o:paloaltonetworks:pan-os:10.2.3:*:*:*:*:*:*:*',
    },
  },
  { kind: 'asset', where: 'line 6', ip: '198.51.100.7' },
  { kind: 'asset', where: 'line 7', hostname: 'xn--bcher-kva.example' },
];

describe('asset inventory CSV', () => {
  it('a good file: one row per asset and product, the same host on two rows kept as two', async () => {
    expect(await itemsOf(GOOD)).toEqual(GOOD_ITEMS);
  });

  it('the header in another order and case, extra columns ignored, missing ones absent', async () => {
    const text =
      'Notes,CPE,IP,Criticality,HOSTNAME\n"a, b",cpe:2.3:a:apache:http_server:2.4.57:*:*:*:*:*:*:*,10.0.0.1,Medium,intranet\n';
    expect(await itemsOf(text)).toEqual([
      {
        kind: 'asset',
        where: 'line 2',
        hostname: 'intranet',
        ip: '10.0.0.1',
        criticality: 'medium',
        product: {
          vendor: 'apache',
          product: 'http_server',
          version: '2.4.57',
          cpe: 'cpe:2.3:a:apache:http_server:2.4.57:*:*:*:*:*:*:*',
        },
      },
    ]);
  });

  it('a BOM, CRLF line ends and 7-byte chunks read the same', async () => {
    const bom = `\uFEFF${GOOD.replace(/\n/g, '\r\n')}`;
    expect(await itemsOf(bom)).toEqual(GOOD_ITEMS);
    expect(await itemsOf(bom, 7)).toEqual(GOOD_ITEMS);
    expect(await itemsOf(bom, 1)).toEqual(GOOD_ITEMS);
    expect(await itemsOf(`\uFEFF"hostname","ip"\r\nweb01,\r\n`)).toEqual([
      { kind: 'asset', where: 'line 2', hostname: 'web01' },
    ]);
  });

  it('the CPE fills in what the columns leave out; given columns win', async () => {
    const cpe = 'cpe:2.3:a:microsoft:exchange_server:2019:cumulative_update_12:*:*:*:*:*:*';
    expect(await itemsOf(`hostname,vendor,version,cpe\nmail01,Microsoft,CU12,${cpe}\n`)).toEqual([
      {
        kind: 'asset',
        where: 'line 2',
        hostname: 'mail01',
        product: { vendor: 'Microsoft', product: 'exchange_server', version: 'CU12', cpe },
      },
    ]);
  });

  it('every problem rejects its row with the line and the reason; the other rows import', async () => {
    const rows = [
      ',,Nobody,high,,,,',
      'web01,300.1.2.3,,,,,,',
      'web01,10.0.0.0/8,,,,,,',
      'web 01,,,,,,,',
      `"${HOSTILE.formula.replace(/"/g, '""')}",,,,,,,`,
      'web01,,,urgent,,,,',
      'web01,,,5,,,,',
      'web01,,,,Apache,,,',
      'web01,,,,,http_server,,',
      'web01,,,,,,2.4,',
      'web01,,,,,,,cpe:2.3:a:apache:http_server',
      'web01,,,,,,,cpe:/a:apache:http_server:2.4',
      '10.0.0.1,,,,,,,',
      `web01,,"${HOSTILE.formula.replace(/"/g, '""')}",critical,,,,`,
    ];
    expect(await itemsOf(`${HEADER}\n${rows.join('\n')}\n`)).toEqual([
      { kind: 'reject', where: 'line 2', reason: 'neither a hostname nor an ip' },
      { kind: 'reject', where: 'line 3', reason: 'ip: not an IPv4 address: "300.1.2.3"' },
      { kind: 'reject', where: 'line 4', reason: 'ip: not an IPv4 address: "10.0.0.0/8"' },
      { kind: 'reject', where: 'line 5', reason: 'hostname: not a domain name: "web 01"' },
      {
        kind: 'reject',
        where: 'line 6',
        reason: `hostname ${JSON.stringify(HOSTILE.formula)} is a spreadsheet formula, not a host name`,
      },
      {
        kind: 'reject',
        where: 'line 7',
        reason: 'criticality "urgent" is not low, medium, high, critical or 1–4',
      },
      {
        kind: 'reject',
        where: 'line 8',
        reason: 'criticality "5" is not low, medium, high, critical or 1–4',
      },
      { kind: 'reject', where: 'line 9', reason: 'vendor without a product' },
      { kind: 'reject', where: 'line 10', reason: 'product without a vendor' },
      { kind: 'reject', where: 'line 11', reason: 'version without a vendor and a product' },
      {
        kind: 'reject',
        where: 'line 12',
        reason: expect.stringMatching(/^cpe: .* has 3 attributes after "cpe:2.3:"/) as string,
      },
      {
        kind: 'reject',
        where: 'line 13',
        reason: expect.stringMatching(/^cpe: .* is a CPE 2.2 URI/) as string,
      },
      {
        kind: 'reject',
        where: 'line 14',
        reason: 'hostname: an IP address, not a domain name: "10.0.0.1"',
      },
      // Owner is free text: a formula is kept byte for byte.
      { kind: 'asset', where: 'line 15', hostname: 'web01', owner: HOSTILE.formula, criticality: 'critical' },
    ]);
  });

  it('blank spreadsheet rows are skipped; a quote left open refuses the file', async () => {
    expect(await itemsOf(`${HEADER}\n,,,,,,,\nweb01,,,,,,,\n,,,,,,,\n`)).toEqual([
      { kind: 'asset', where: 'line 3', hostname: 'web01' },
    ]);
    expect(await refusalOf(`${HEADER}\n"web01,,,,,,,\nweb02,,,,,,,\n`)).toMatch(
      /a quoted field is never closed/,
    );
  });
});

describe('asset inventory CSV: refused as a whole', () => {
  it.each([
    ['no header', 'web01,10.0.0.1,IT,high,,,,\n'],
    ['a header without hostname or ip', 'name,address,owner\nweb01,10.0.0.1,IT\n'],
    ['JSON', '[{"hostname": "web01"}]'],
    ['nothing', ''],
  ])('%s', async (_, text) => {
    expect(await refusalOf(text)).toMatch(/^not an asset inventory: the first line must be a header/);
  });
  it('a column named twice', async () => {
    expect(await refusalOf('hostname,ip,IP\nweb01,10.0.0.1,10.0.0.2\n')).toBe(
      'the header names the ip column twice',
    );
  });
});

describe('asset inventory CSV: detection', () => {
  it('an inventory header is detected; no other format is', async () => {
    expect(assetsCsv.detect({ fileName: 'x.csv', head: GOOD })).toBe(true);
    expect(assetsCsv.detect({ fileName: 'x.csv', head: '\uFEFFIP,Owner\n' })).toBe(true);
    expect(assetsCsv.detect({ fileName: 'x.csv', head: 'ip\n10.0.0.1\n' })).toBe(false);
    for (const [, file] of SAMPLE_FILES) expect(assetsCsv.detect(await sampleOf(file)), file).toBe(false);
  });
});
