import { describe, expect, it } from 'vitest';
import { fileSizeProblem, MAX_ASSET_CSV_BYTES, NO_HEADER, readAssetCsv } from './read-asset-csv';

describe('readAssetCsv', () => {
  it('reads the columns in any order and case, ignoring unknown ones', async () => {
    const read = await readAssetCsv(
      '\uFEFFProduct,Notes,HOSTNAME,Vendor,Criticality\r\nConnect Secure,edge,vpn.example.com,Ivanti,4\r\n',
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          asset: {
            hostname: 'vpn.example.com',
            criticality: 'critical',
            product: { vendor: 'Ivanti', product: 'Connect Secure' },
          },
        },
      ],
      rejects: [],
    });
  });

  it('rejects rows with their line in the file, counting blank lines and quoted line breaks', async () => {
    const text = [
      'hostname,ip,owner,criticality,vendor,product',
      'a.example.com,,Ops,high,,',
      '',
      ',,,,,',
      'bad host!,,,,,',
      'b.example.com,,"two',
      'lines",9,,',
      ',203.0.113.5,,,Microsoft,',
      'c.example.com,,,1,Microsoft,Exchange Server',
    ].join('\n');
    const read = await readAssetCsv(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows.map((row) => [row.line, row.asset.hostname])).toEqual([
      [2, 'a.example.com'],
      [9, 'c.example.com'],
    ]);
    expect(read.rejects).toEqual([
      { line: 5, reason: 'hostname is not a host name' },
      { line: 6, reason: 'criticality is not low, medium, high, critical or 1–4' },
      { line: 8, reason: 'vendor without a product' },
    ]);
  });

  it('refuses a file without a header naming hostname or ip', async () => {
    expect(await readAssetCsv('vpn.example.com,Ivanti\n')).toEqual({ ok: false, reason: NO_HEADER });
    expect(await readAssetCsv('')).toEqual({ ok: false, reason: `The file is empty. ${NO_HEADER}` });
  });

  it('refuses a header naming a column twice, and a quote never closed', async () => {
    expect(await readAssetCsv('ip,IP\n203.0.113.1,203.0.113.2\n')).toEqual({
      ok: false,
      reason: 'The header names the ip column twice.',
    });
    expect(await readAssetCsv('hostname,owner\na.example.com,ok\nb.example.com,"never closed\n')).toEqual({
      ok: false,
      reason: 'Line 3 opens a quote that is never closed; nothing was imported.',
    });
  });
});

describe('fileSizeProblem', () => {
  it('lets 5 MB through and refuses more, in words', () => {
    expect(fileSizeProblem({ name: 'assets.csv', size: MAX_ASSET_CSV_BYTES })).toBeNull();
    expect(fileSizeProblem({ name: 'assets.csv', size: 7.25 * 1024 * 1024 })).toBe(
      'assets.csv is 7.3 MB; the page imports files up to 5 MB. Split it, or import it with the CLI.',
    );
  });
});
