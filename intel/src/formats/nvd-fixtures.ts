/**
 * NVD CVE API 2.0 answers written here in the documented shape
 * (https://nvd.nist.gov/developers/vulnerabilities: the response's top-level fields, `cve` with
 * metrics `cvssMetricV31`/`cvssMetricV2`, `weaknesses`, `references`), with the values the NVD
 * shows for these CVEs. Not copies of recorded answers.
 */
export function nvdCve(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    cve: {
      id,
      sourceIdentifier: 'security@apache.org',
      published: '2021-12-10T10:15:09.143',
      lastModified: '2026-11-21T09:00:00.000',
      vulnStatus: 'Modified',
      cveTags: [],
      descriptions: [
        { lang: 'en', value: `NVD description of ${id}.` },
        { lang: 'es', value: `Descripción de ${id}.` },
      ],
      metrics: {
        cvssMetricV31: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            cvssData: {
              version: '3.1',
              vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
              baseScore: 10.0,
              baseSeverity: 'CRITICAL',
            },
            exploitabilityScore: 3.9,
            impactScore: 6.0,
          },
        ],
        cvssMetricV2: [
          {
            source: 'nvd@nist.gov',
            type: 'Primary',
            cvssData: { version: '2.0', vectorString: 'AV:N/AC:M/Au:N/C:C/I:C/A:C', baseScore: 9.3 },
            baseSeverity: 'HIGH',
          },
        ],
      },
      weaknesses: [
        {
          source: 'nvd@nist.gov',
          type: 'Primary',
          description: [
            { lang: 'en', value: 'CWE-917' },
            { lang: 'en', value: 'NVD-CWE-Other' },
          ],
        },
        { source: 'security@apache.org', type: 'Secondary', description: [{ lang: 'en', value: 'CWE-502' }] },
      ],
      references: [
        { url: `https://www.cve.org/CVERecord?id=${id}`, source: 'security@apache.org', tags: [] },
      ],
      ...overrides,
    },
  };
}

export function nvdPage(vulnerabilities: unknown[], startIndex = 0, totalResults = vulnerabilities.length) {
  return {
    resultsPerPage: vulnerabilities.length,
    startIndex,
    totalResults,
    format: 'NVD_CVE',
    version: '2.0',
    timestamp: '2026-11-21T10:00:00.000',
    vulnerabilities,
  };
}
