import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../model/drafts.js';
import { openInput } from '../input/open-input.js';
import { sharedFile } from '../testing/shared-data.js';
import { epssFormat, fileNameDate } from './epss.js';
import { InputRefused } from './format.js';
import {
  draftsOfFile,
  draftsOfText,
  HOSTILE,
  refusalOf,
  SAMPLE_FILES,
  sampleOf,
  tally,
} from './lib/testing.js';

const HEADER = 'cve,epss,percentile\n';
const MODEL = '#model_version:v2025.03.14,score_date:2026-08-15T00:00:00+0000\n';
const byCve = (drafts: Draft[], cveId: string) =>
  drafts.find((d) => d.kind === 'vulnerability' && d.cveId === cveId);

describe('FIRST EPSS: the real files', () => {
  it('the full file (gzip, no score_date line): 360,142 scores dated by its name', async () => {
    const drafts = await draftsOfFile(epssFormat, 'epss/epss_scores-full-2026-08-16-via-emba.csv.gz');
    expect(tally(drafts)).toEqual({ vulnerability: 360142 });
    expect(drafts[0]).toEqual({
      kind: 'vulnerability',
      where: 'line 2',
      cveId: 'CVE-1999-1593',
      epss: { score: 0.18126, percentile: 0.96946, date: '2026-08-16' },
    });
    expect(drafts.at(-1)).toMatchObject({
      where: 'line 360143',
      cveId: 'CVE-2026-0005',
      epss: { score: 0.00128, percentile: 0.02829 },
    });
    expect(byCve(drafts, 'CVE-2021-44228')).toMatchObject({
      where: 'line 157326',
      epss: { score: 0.99999, percentile: 1 },
    });
  });

  it('the KEV subset: 1,662 scores dated by its score_date line', async () => {
    const drafts = await draftsOfFile(epssFormat, 'epss/epss_scores-kev-subset-2026-08-08.csv');
    expect(tally(drafts)).toEqual({ vulnerability: 1662 });
    expect(drafts[0]).toEqual({
      kind: 'vulnerability',
      where: 'line 3',
      cveId: 'CVE-2002-0367',
      epss: { score: 0.04879, percentile: 0.91227, date: '2026-08-08' },
    });
    expect(byCve(drafts, 'CVE-2021-44228')).toMatchObject({
      where: 'line 910',
      epss: { score: 0.99999, percentile: 1, date: '2026-08-08' },
    });
  });
});

/** Drafts of `text` parsed as a file called `fileName`. */
async function draftsNamed(fileName: string, text: string): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for await (const draft of epssFormat.parse(Readable.from([Buffer.from(text)]), {
    fileName,
    head: text,
  }))
    drafts.push(draft);
  return drafts;
}

describe("FIRST EPSS: the score date is the file's, never the import day", () => {
  const ROW = 'CVE-2024-0001,0.5,0.9\n';
  it('the score_date line wins over a date in the name', async () => {
    const [draft] = await draftsNamed('epss_scores-2026-01-01.csv', `${MODEL}${HEADER}${ROW}`);
    expect(draft).toMatchObject({ epss: { date: '2026-08-15' } });
  });
  it("without a score_date line, the date in the name (FIRST's archives)", async () => {
    const [draft] = await draftsNamed('epss_scores-2025-03-17.csv.gz', `${HEADER}${ROW}`);
    expect(draft).toMatchObject({ epss: { date: '2025-03-17' } });
  });
  it('with neither, the scores carry no date at all', async () => {
    const [draft] = await draftsNamed('epss_scores-current.csv', `${HEADER}${ROW}`);
    expect(draft).toEqual({
      kind: 'vulnerability',
      where: 'line 2',
      cveId: 'CVE-2024-0001',
      epss: { score: 0.5, percentile: 0.9 },
    });
  });
  it.each([
    ['epss_scores-2026-02-30.csv', undefined],
    ['scores-20260815.csv', undefined],
    ['v12026-08-150.csv', undefined],
    ['epss 2026-08-15 (copy).csv', '2026-08-15'],
  ])('a name such as %s gives %s', (name, expected) => {
    expect(fileNameDate(name)).toBe(expected);
  });
});

describe('FIRST EPSS: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(epssFormat.detect(await sampleOf(file))).toBe(format === 'epss');
  });
  it('with or without the model line, CRLF too', () => {
    for (const head of [HEADER, MODEL + HEADER, (MODEL + HEADER).replace(/\n/g, '\r\n')])
      expect(epssFormat.detect({ fileName: 'x', head })).toBe(true);
    expect(epssFormat.detect({ fileName: 'x', head: 'cve,epss\nCVE-2024-0001,0.1\n' })).toBe(false);
  });
});

describe('FIRST EPSS: inputs refused as a whole', () => {
  it('the full file with its gzip cut short: the scores read so far do not make it a success', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'epss-'));
    try {
      const gz = readFileSync(sharedFile('epss/epss_scores-full-2026-08-16-via-emba.csv.gz'));
      const file = path.join(dir, 'cut.csv.gz');
      writeFileSync(file, gz.subarray(0, gz.length / 10));
      const input = await openInput(file);
      let scores = 0;
      const parse = async () => {
        for await (const draft of epssFormat.parse(input.stream, {
          fileName: 'cut.csv.gz',
          head: input.sample.head,
        }))
          if (draft.kind === 'vulnerability') scores++;
      };
      const error = await parse().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InputRefused);
      expect((error as InputRefused).message).toMatch(/^the gzip stream is truncated or damaged/);
      expect(scores).toBeGreaterThan(10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['no header', 'CVE-2024-0001,0.1,0.2\n', /the header "cve,epss,percentile" is missing/],
    [
      'another header',
      'cve,score,rank\nCVE-2024-0001,0.1,0.2\n',
      /the header "cve,epss,percentile" is missing/,
    ],
    [
      'a quote never closed',
      `${HEADER}CVE-2024-0001,"0.1,0.2\nCVE-2024-0002,0.1,0.2\n`,
      /malformed CSV near line 3: a quoted field is never closed/,
    ],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(epssFormat, text)).message).toMatch(message);
  });
});

describe('FIRST EPSS: rows that cannot be mapped are rejected with their line', () => {
  it.each([
    ['a score that is not a number', 'CVE-2024-0001,high,0.5', 'epss "high" is not a number'],
    ['an empty score', 'CVE-2024-0001,,0.5', 'epss "" is not a number'],
    ['a score above 1', 'CVE-2024-0001,1.5,0.5', 'epss 1.5 is outside 0–1'],
    ['a negative score', 'CVE-2024-0001,-0.1,0.5', 'epss -0.1 is outside 0–1'],
    ['a percentile that is not a number', 'CVE-2024-0001,0.5,NaN', 'percentile "NaN" is not a number'],
    ['a missing percentile column', 'CVE-2024-0001,0.5', 'percentile "" is not a number'],
    ['an empty cve', ',0.5,0.5', 'the cve column is empty'],
    ['a malformed CVE id', 'CVE-2024-1,0.5,0.5', '"CVE-2024-1" is not a CVE id (CVE-YYYY-NNNN)'],
  ])('%s', async (_, row, reason) => {
    const drafts = await draftsOfText(
      epssFormat,
      `${MODEL}${HEADER}CVE-2024-0002,0.1,0.2\n${row}\nCVE-2024-0003,0.3,0.4\n`,
    );
    expect(drafts.map((d) => d.kind)).toEqual(['vulnerability', 'reject', 'vulnerability']);
    expect(drafts[1]).toEqual({ kind: 'reject', where: 'line 4', reason });
  });

  it('hostile text in the cve column is rejected and quoted exactly', async () => {
    const drafts = await draftsOfText(
      epssFormat,
      `${HEADER}"${HOSTILE.formula.replace(/"/g, '""')}",0.1,0.2\n${HOSTILE.sql},0.1,0.2\n`,
    );
    expect(drafts).toEqual([
      { kind: 'reject', where: 'line 2', reason: `"${HOSTILE.formula}" is not a CVE id (CVE-YYYY-NNNN)` },
      { kind: 'reject', where: 'line 3', reason: `"${HOSTILE.sql}" is not a CVE id (CVE-YYYY-NNNN)` },
    ]);
  });
});

describe('FIRST EPSS: line ends and numbers', () => {
  it('CRLF, blank lines, exponents, and small chunks keep the physical line numbers', async () => {
    const text = `${MODEL}${HEADER}CVE-2024-0001,1e-05,0.00001\n\nCVE-2024-0002, 0.5 ,1\n`.replace(
      /\n/g,
      '\r\n',
    );
    expect(await draftsOfText(epssFormat, text, 5)).toEqual([
      {
        kind: 'vulnerability',
        where: 'line 3',
        cveId: 'CVE-2024-0001',
        epss: { score: 0.00001, percentile: 0.00001, date: '2026-08-15' },
      },
      {
        kind: 'vulnerability',
        where: 'line 5',
        cveId: 'CVE-2024-0002',
        epss: { score: 0.5, percentile: 1, date: '2026-08-15' },
      },
    ]);
  });
  it('a header alone is an empty file, not an error', async () => {
    expect(await draftsOfText(epssFormat, `${MODEL}${HEADER}`)).toEqual([]);
  });
});
