import { describe, expect, it } from 'vitest';
import type { VulnerabilityDraft } from '../model/drafts.js';
import { draftsOfText, refusalOf } from './lib/testing.js';
import { nvdCve, nvdPage } from './nvd-fixtures.js';
import { nvdFormat } from './nvd.js';
import { detectFormat } from './registry.js';

const page = (items: unknown[]) => JSON.stringify(nvdPage(items));

describe('NVD CVE API 2.0 pages', () => {
  it("the NVD's group of each CVE: English description, UTC dates, CWEs, both CVSS versions, references", async () => {
    const [draft] = (await draftsOfText(
      nvdFormat,
      page([nvdCve('CVE-2021-44228')]),
      50,
    )) as VulnerabilityDraft[];
    expect(draft).toMatchObject({
      kind: 'vulnerability',
      cveId: 'CVE-2021-44228',
      where: '$.vulnerabilities[0]',
    });
    expect(draft!.cve).toBeUndefined();
    expect(draft!.nvd).toEqual({
      description: 'NVD description of CVE-2021-44228.',
      state: 'PUBLISHED',
      publishedAt: '2021-12-10T10:15:09.143Z',
      modifiedAt: '2026-11-21T09:00:00.000Z',
      cwes: ['CWE-917', 'CWE-502'],
      cvss: [
        {
          version: '3.1',
          baseScore: 10,
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
          severity: 'CRITICAL',
          source: 'adp',
          provider: 'NVD',
        },
        {
          version: '2.0',
          baseScore: 9.3,
          vector: 'AV:N/AC:M/Au:N/C:C/I:C/A:C',
          severity: 'HIGH',
          source: 'adp',
          provider: 'NVD',
        },
      ],
      affected: [],
      references: [
        { url: 'https://www.cve.org/CVERecord?id=CVE-2021-44228', source: 'security@apache.org', tags: [] },
      ],
    });
  });

  it('a rejected CVE is REJECTED; a record without a CVE id is rejected where it is, the rest imports', async () => {
    const drafts = await draftsOfText(
      nvdFormat,
      page([
        nvdCve('CVE-2024-0001', { vulnStatus: 'Rejected' }),
        { cve: { id: 'GHSA-1234' } },
        'x',
        nvdCve('CVE-2024-0002'),
      ]),
    );
    expect(
      drafts.map((d) => (d.kind === 'reject' ? [d.where, d.reason] : (d as VulnerabilityDraft).nvd?.state)),
    ).toEqual([
      'REJECTED',
      ['$.vulnerabilities[1].cve.id', '"GHSA-1234" is not a CVE id (CVE-YYYY-NNNN)'],
      ['$.vulnerabilities[2]', 'not an NVD vulnerability: there is no cve object'],
      'PUBLISHED',
    ]);
  });

  it('is detected by its format field, before KEV (which also has vulnerabilities)', () => {
    expect(detectFormat({ fileName: 'page.json', head: page([]) })?.name).toBe('nvd');
  });

  it('an answer without vulnerabilities, or cut short, is refused in words', async () => {
    expect((await refusalOf(nvdFormat, '{"format": "NVD_CVE", "message": "Invalid apiKey"}')).message).toBe(
      'not an NVD CVE API answer: there is no "vulnerabilities" array',
    );
    expect((await refusalOf(nvdFormat, page([nvdCve('CVE-2024-0002')]).slice(0, 300))).message).toMatch(
      /^malformed or truncated JSON/,
    );
  });
});
