import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { kevFormat } from './kev.js';
import {
  draftsOfFile,
  draftsOfText,
  HOSTILE,
  refusalOf,
  SAMPLE_FILES,
  sampleOf,
  tally,
} from './lib/testing.js';

const FILE = 'cisa-kev/known_exploited_vulnerabilities.json';
const entry = (extra: Record<string, unknown> = {}) => ({
  cveID: 'CVE-2024-0001',
  vendorProject: 'Acme',
  product: 'Widget',
  vulnerabilityName: 'Acme Widget RCE',
  dateAdded: '2024-01-02',
  shortDescription: 'x',
  requiredAction: 'patch',
  dueDate: '2024-01-23',
  knownRansomwareCampaignUse: 'Unknown',
  notes: '',
  cwes: ['CWE-78'],
  ...extra,
});
const catalogue = (vulnerabilities: unknown[]) =>
  JSON.stringify({
    title: 'KEV',
    catalogVersion: '2026.01.01',
    count: vulnerabilities.length,
    vulnerabilities,
  });

describe('CISA KEV: the real catalogue', () => {
  it('maps all 1,404 entries, each at its JSON path', async () => {
    const drafts = await draftsOfFile(kevFormat, FILE);
    expect(tally(drafts)).toEqual({ vulnerability: 1404 });
    expect(drafts[0]).toMatchObject({ where: '$.vulnerabilities[0]', cveId: 'CVE-2025-48384' });
    expect(drafts[1107]).toEqual({
      kind: 'vulnerability',
      where: '$.vulnerabilities[1107]',
      cveId: 'CVE-2021-44228',
      kev: expect.objectContaining({
        dateAdded: '2021-12-10',
        dueDate: '2021-12-24',
        ransomwareUse: 'Known',
        vendor: 'Apache',
        product: 'Log4j2',
        name: 'Apache Log4j2 Remote Code Execution Vulnerability',
        notes: 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
        cwes: ['CWE-20', 'CWE-400', 'CWE-502'],
      }),
    });
  });

  it('reads the same with CRLF line ends, fed in small chunks', async () => {
    const text = readFileSync(sharedFile(FILE), 'utf8').replace(/\n/g, '\r\n');
    expect(tally(await draftsOfText(kevFormat, text, 4093))).toEqual({ vulnerability: 1404 });
  });

  it('refuses the file cut in the middle', async () => {
    const text = readFileSync(sharedFile(FILE), 'utf8');
    expect((await refusalOf(kevFormat, text.slice(0, text.length / 2))).message).toMatch(
      /^malformed or truncated JSON/,
    );
  });
});

describe('CISA KEV: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(kevFormat.detect(await sampleOf(file))).toBe(format === 'kev');
  });
});

describe('CISA KEV: the wrong shape is refused as a whole', () => {
  it.each([
    [
      'no vulnerabilities array',
      JSON.stringify({ catalogVersion: '1', count: 0 }),
      /there is no "vulnerabilities" array/,
    ],
    [
      'vulnerabilities not an array',
      JSON.stringify({ catalogVersion: '1', vulnerabilities: { a: 1 } }),
      /"vulnerabilities" is not an array/,
    ],
    ['a top-level array', JSON.stringify([entry()]), /not a JSON object/],
    ['not JSON', 'cveID,dateAdded\nCVE-2024-0001,2024-01-01\n', /malformed or truncated JSON/],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(kevFormat, text)).message).toMatch(message);
  });

  it('an empty catalogue is no error', async () => {
    expect(await draftsOfText(kevFormat, catalogue([]))).toEqual([]);
  });
});

describe('CISA KEV: entries that cannot be mapped are rejected at their path', () => {
  it.each([
    ['missing cveID', { cveID: undefined }, 'missing cveID'],
    ['empty cveID', { cveID: '  ' }, 'missing cveID'],
    ['malformed cveID', { cveID: 'CVE-24-1' }, 'cveID "CVE-24-1" is not a CVE id (CVE-YYYY-NNNN)'],
    ['missing dateAdded', { dateAdded: undefined }, 'missing dateAdded'],
  ])('%s', async (_, extra, reason) => {
    const drafts = await draftsOfText(
      kevFormat,
      catalogue([entry({ cveID: 'CVE-2024-0002' }), entry(extra)]),
    );
    expect(drafts[0]).toMatchObject({ kind: 'vulnerability', cveId: 'CVE-2024-0002' });
    expect(drafts[1]).toEqual({ kind: 'reject', where: '$.vulnerabilities[1]', reason });
  });

  it('an entry that is not an object', async () => {
    expect(await draftsOfText(kevFormat, catalogue(['CVE-2024-0001']))).toEqual([
      { kind: 'reject', where: '$.vulnerabilities[0]', reason: 'not a KEV entry (an object was expected)' },
    ]);
  });
});

describe('CISA KEV: text is kept as received', () => {
  it('hostile text byte-exact; empty notes stay empty; no cwes is an empty list', async () => {
    const [draft] = await draftsOfText(
      kevFormat,
      catalogue([
        entry({
          vulnerabilityName: HOSTILE.html,
          shortDescription: HOSTILE.sql,
          notes: HOSTILE.formula,
          cwes: undefined,
        }),
      ]),
    );
    expect(draft).toMatchObject({
      kev: { name: HOSTILE.html, shortDescription: HOSTILE.sql, notes: HOSTILE.formula, cwes: [] },
    });
    const [plain] = await draftsOfText(
      kevFormat,
      catalogue([entry({ knownRansomwareCampaignUse: '', dueDate: '' })]),
    );
    expect(plain).toMatchObject({ kev: { notes: '', ransomwareUse: undefined, dueDate: undefined } });
  });
});
