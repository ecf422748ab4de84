import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CveFields, Draft } from '../model/drafts.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import { sharedFile } from '../testing/shared-data.js';
import { cveFormat } from './cve.js';
import { InputRefused } from './format.js';
import { fieldsOf, record } from './lib/cve-fixtures.js';
import { draftsOfFile, refusalOf, SAMPLE_FILES, sampleOf } from './lib/testing.js';

const LOG4SHELL = 'cve-records/CVE-2021-44228.json';

/** Every record of a shared-data folder, file by file as a folder import reads them. */
async function folder(name: string): Promise<{ file: string; cve: CveFields }[]> {
  const out: { file: string; cve: CveFields }[] = [];
  for (const file of await listInputFiles(sharedFile(name))) {
    const drafts = await draftsOfFile(cveFormat, path.relative(sharedFile(), file));
    expect(drafts).toHaveLength(1);
    out.push({ file: path.basename(file), cve: fieldsOf(drafts[0]) });
  }
  return out;
}
const hasCvss = (r: { cve: CveFields }) => r.cve.cvss.length > 0;

describe('CVE records: the real files', () => {
  it("Log4Shell: CISA-ADP's CVSS 3.1 10.0 (the CNA gives none), SSVC, CWEs, first vendor and product", async () => {
    const cve = fieldsOf((await draftsOfFile(cveFormat, LOG4SHELL))[0]);
    expect(cve.cvss).toEqual([
      {
        version: '3.1',
        baseScore: 10,
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
        severity: 'CRITICAL',
        source: 'adp',
        provider: 'CISA-ADP',
      },
    ]);
    expect(cve).toMatchObject({
      title:
        'Apache Log4j2 JNDI features do not protect against attacker controlled LDAP and other JNDI related endpoints',
      description: expect.stringMatching(/^Apache Log4j2 2\.0-beta9 through 2\.15\.0/),
      state: 'PUBLISHED',
      publishedAt: '2021-12-10T00:00:00.000Z',
      modifiedAt: '2025-07-28T19:48:17.130Z',
      cwes: ['CWE-502', 'CWE-400', 'CWE-20'],
      ssvc: { exploitation: 'active', automatable: 'yes', technicalImpact: 'total' },
      vendor: 'Apache Software Foundation',
      product: 'Apache Log4j2',
    });
    expect(cve.references).toHaveLength(53);
  });

  it("a vulnrichment record: CISA-ADP's CVSS 3.1, SSVC, and its CWE where the CNA has none", async () => {
    const cve = fieldsOf((await draftsOfFile(cveFormat, 'vulnrichment/CVE-2011-0611.json'))[0]);
    expect(cve.cvss).toEqual([
      {
        version: '3.1',
        baseScore: 8.8,
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H',
        severity: 'HIGH',
        source: 'adp',
        provider: 'CISA-ADP',
      },
    ]);
    expect(cve).toMatchObject({
      ssvc: { exploitation: 'active', automatable: 'no', technicalImpact: 'total' },
      cwes: ['CWE-843'],
    });
  });

  it('vulnrichment: 375 records, 316 with a CVSS score (238 of the 251 older, 78 of the 124 newer)', async () => {
    const records = await folder('vulnrichment');
    const newer = new Set(
      readFileSync(sharedFile('vulnrichment/MANIFEST-2025-01-24.tsv'), 'utf8')
        .split('\n')
        .map((line) => line.split('\t')[0]),
    );
    expect(records).toHaveLength(375);
    expect(records.filter(hasCvss)).toHaveLength(316);
    expect(records.filter((r) => !newer.has(r.file)).filter(hasCvss)).toHaveLength(238);
    expect(records.filter((r) => newer.has(r.file))).toHaveLength(124);
    expect(records.filter((r) => newer.has(r.file)).filter(hasCvss)).toHaveLength(78);
    expect(records.filter((r) => r.cve.cvss.some((m) => m.source === 'cna'))).toHaveLength(157 + 58);
    expect(records.filter((r) => r.cve.cvss.some((m) => m.provider === 'CISA-ADP'))).toHaveLength(82 + 22);
    expect(
      records.filter((r) => r.cve.ssvc?.exploitation && r.cve.ssvc.automatable && r.cve.ssvc.technicalImpact),
    ).toHaveLength(375);
  });

  it('cve-records: 130 records (index.csv and the notes are not records), 122 with a CVSS score', async () => {
    const records = await folder('cve-records');
    expect(records).toHaveLength(130);
    expect(records.filter(hasCvss)).toHaveLength(122);
    expect(records.filter((r) => r.cve.state === 'PUBLISHED')).toHaveLength(130);
  });
});

describe('CVE records: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(cveFormat.detect(await sampleOf(file))).toBe(format === 'cve');
  });
});

describe('CVE records: inputs refused as a whole', () => {
  it('a record cut in the middle', async () => {
    const text = readFileSync(sharedFile(LOG4SHELL), 'utf8');
    expect((await refusalOf(cveFormat, text.slice(0, text.length / 2))).message).toMatch(
      /^malformed or truncated JSON/,
    );
  });
  it.each([
    ['an array of records', `[${record({})}]`, 'not a CVE record: the document is not a JSON object'],
    [
      'an object without cveMetadata',
      JSON.stringify({ dataType: 'CVE_RECORD', containers: {} }),
      'not a CVE record: there is no cveMetadata object',
    ],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(cveFormat, text)).message).toBe(message);
  });
  it('a record over 16 MB, without reading it all', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cve-'));
    try {
      const file = path.join(dir, 'CVE-2024-0001.json');
      writeFileSync(file, record({ descriptions: [{ lang: 'en', value: 'x'.repeat(17 * 1024 * 1024) }] }));
      const input = await openInput(file);
      const drafts: Draft[] = [];
      const parse = async () => {
        for await (const draft of cveFormat.parse(input.stream, {
          fileName: 'x',
          head: input.sample.head,
        }))
          drafts.push(draft);
      };
      await expect(parse()).rejects.toThrow(
        new InputRefused('a CVE record larger than 16 MB is not imported'),
      );
      expect(drafts).toEqual([]);
      expect(input.bytesRead()).toBeLessThan(17 * 1024 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
