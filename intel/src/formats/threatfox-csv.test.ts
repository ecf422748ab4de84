import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../model/drafts.js';
import { sharedFile } from '../testing/shared-data.js';
import { draftsOfText, HOSTILE } from './lib/testing.js';
import { COLUMNS_2024, COLUMNS_2026, csvExport, ioc, THREATFOX_FILE } from './lib/threatfox-fixtures.js';
import { threatfoxFormat } from './threatfox.js';

const REAL: Record<string, Record<string, unknown>[]> = JSON.parse(
  readFileSync(sharedFile(THREATFOX_FILE), 'utf8'),
);
const withoutWhere = (drafts: Draft[]) => drafts.map(({ where: _, ...rest }) => rest);

describe('ThreatFox CSV export: detection', () => {
  it('by its commented header, in both layouts, CRLF too', () => {
    expect(threatfoxFormat.detect({ fileName: 'x', head: csvExport(COLUMNS_2026, []) })).toBe(true);
    const crlf = csvExport(COLUMNS_2024, []).replace(/\n/g, '\r\n');
    expect(threatfoxFormat.detect({ fileName: 'x', head: crlf })).toBe(true);
  });
});

describe("ThreatFox: the CSV export (the load benchmark's format)", () => {
  const sample = Object.entries(REAL)
    .slice(0, 60)
    .map(([id, [i]]) => [id, i!] as [string, Record<string, unknown>]);

  it.each([
    ['2026, with is_compromised', COLUMNS_2026],
    ['2024, without it', COLUMNS_2024],
  ])("the %s layout gives the JSON export's drafts", async (_, columns) => {
    const fromJson = await draftsOfText(
      threatfoxFormat,
      JSON.stringify(Object.fromEntries(sample.map(([id, i]) => [id, [i]]))),
    );
    const fromCsv = await draftsOfText(threatfoxFormat, csvExport(columns, sample), 1000);
    expect(fromCsv[0]?.where).toBe('line 5');
    expect(fromCsv.at(-1)?.where).toBe('line 64');
    const expected = withoutWhere(fromJson);
    if (columns === COLUMNS_2024)
      for (const d of expected) if (d.kind === 'indicator') delete d.context?.is_compromised;
    expect(withoutWhere(fromCsv)).toEqual(expected);
  });

  it('CRLF, an uncommented header, and hostile text byte-exact', async () => {
    const row = ioc({
      malware_printable: HOSTILE.html,
      tags: `${HOSTILE.sql},x`,
      reporter: HOSTILE.formula,
      reference: HOSTILE.formula,
    });
    const text = csvExport(COLUMNS_2026, [['7', row]])
      .replace('# "first_seen_utc"', '"first_seen_utc"')
      .replace(/\n/g, '\r\n');
    expect(await draftsOfText(threatfoxFormat, text)).toEqual([
      expect.objectContaining({
        where: 'line 5',
        sourceRef: '7',
        malware: [HOSTILE.html],
        labels: [HOSTILE.sql, 'x'],
        reference: HOSTILE.formula,
        context: expect.objectContaining({ reporter: HOSTILE.formula }),
      }),
    ]);
  });

  it('rows that cannot be mapped are rejected with their line', async () => {
    const text = csvExport(COLUMNS_2026, [
      ['1', ioc()],
      ['2', ioc({ ioc_value: null })],
      ['3', ioc({ ioc_type: 'ja3' })],
      ['4', ioc({ ioc_type: '' })],
    ]);
    expect(
      (await draftsOfText(threatfoxFormat, text)).map((d) =>
        d.kind === 'reject' ? `${d.where}: ${d.reason}` : d.kind,
      ),
    ).toEqual([
      'indicator',
      'line 6: ioc_value is missing',
      'line 7: unknown ThreatFox ioc_type "ja3"',
      'line 8: ioc_type is missing',
    ]);
  });
});
