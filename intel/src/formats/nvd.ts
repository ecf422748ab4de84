import type { CveFields, CvssMetric, Draft } from '../model/drafts.js';
import { english } from './cve.js';
import type { FormatAdapter } from './format.js';
import { CVE_ID, decimal, isObject, nonEmpty, text } from './lib/fields.js';
import { jsonArrayAt } from './lib/json-stream.js';

/**
 * Pages of the NVD CVE API 2.0 (https://nvd.nist.gov/developers/vulnerabilities):
 * `{resultsPerPage, startIndex, totalResults, format: "NVD_CVE", version: "2.0", timestamp,
 * vulnerabilities: [{cve: {id, published, lastModified, vulnStatus, descriptions, metrics,
 * weaknesses, references, …}}]}`, streamed record by record. Each CVE becomes the NVD's column
 * group of the vulnerability (drafts.ts `nvd`): the CVE record's title, vendor, product, affected
 * list and SSVC stay as the CVE list gave them, KEV and EPSS as theirs.
 *
 * Metrics: `metrics.cvssMetricV40/V31/V30/V2`, each `{source, type: Primary|Secondary, cvssData:
 * {version, vectorString, baseScore, baseSeverity}}` (v2 has baseSeverity beside cvssData). The
 * NVD's own (Primary) is kept as an ADP's score from provider NVD, the CNA's (Secondary) as the
 * CNA's, which is what they are.
 */
type Obj = Record<string, unknown>;

const METRIC_KEYS: [string, CvssMetric['version']][] = [
  ['cvssMetricV40', '4.0'],
  ['cvssMetricV31', '3.1'],
  ['cvssMetricV30', '3.0'],
  ['cvssMetricV2', '2.0'],
];

const objects = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** NVD timestamps have no offset ("2024-04-12T08:15:06.230") and are UTC. */
function utc(value: unknown): string | undefined {
  const written = nonEmpty(value);
  if (!written) return undefined;
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(written) ? written : `${written}Z`;
}

function metricsOf(metrics: unknown): CvssMetric[] {
  if (!isObject(metrics)) return [];
  const out: CvssMetric[] = [];
  for (const [key, version] of METRIC_KEYS)
    for (const metric of objects(metrics[key])) {
      const data = isObject(metric.cvssData) ? metric.cvssData : {};
      const baseScore = typeof data.baseScore === 'number' ? data.baseScore : decimal(text(data.baseScore));
      const vector = nonEmpty(data.vectorString);
      if (baseScore === undefined || vector === undefined) continue;
      const primary = metric.type === 'Primary';
      out.push({
        version,
        baseScore,
        vector,
        severity: nonEmpty(data.baseSeverity) ?? nonEmpty(metric.baseSeverity),
        source: primary ? 'adp' : 'cna',
        provider: primary ? 'NVD' : (nonEmpty(metric.source) ?? 'CNA'),
      });
    }
  return out;
}

function cwes(weaknesses: unknown): string[] {
  const ids = new Set<string>();
  for (const weakness of objects(weaknesses))
    for (const d of objects(weakness.description)) {
      const id = nonEmpty(d.value);
      // NVD-CWE-Other and NVD-CWE-noinfo say there is none to name.
      if (id && /^CWE-\d+$/.test(id)) ids.add(id);
    }
  return [...ids];
}

export function nvdDraft(item: unknown, where: string): Draft {
  const cve = isObject(item) && isObject(item.cve) ? item.cve : undefined;
  if (!cve) return { kind: 'reject', where, reason: 'not an NVD vulnerability: there is no cve object' };
  const cveId = nonEmpty(cve.id);
  if (!cveId) return { kind: 'reject', where: `${where}.cve.id`, reason: 'missing cve.id' };
  if (!CVE_ID.test(cveId))
    return {
      kind: 'reject',
      where: `${where}.cve.id`,
      reason: `"${cveId.slice(0, 60)}" is not a CVE id (CVE-YYYY-NNNN)`,
    };
  const fields: CveFields = {
    description: english(cve.descriptions),
    state: cve.vulnStatus === 'Rejected' ? 'REJECTED' : 'PUBLISHED',
    publishedAt: utc(cve.published),
    modifiedAt: utc(cve.lastModified),
    cwes: cwes(cve.weaknesses),
    cvss: metricsOf(cve.metrics),
    affected: [],
    // NVD references are {url, source, tags}; the CVE record's are {url, name, tags}.
    references: objects(cve.references),
  };
  return { kind: 'vulnerability', where, cveId, nvd: fields };
}

export const nvdFormat: FormatAdapter = {
  name: 'nvd',
  description: 'NVD CVE API 2.0 answers (one page per file): description, CVSS, CWEs, references',
  defaults: {
    name: 'NVD',
    kind: 'feed',
    url: 'https://services.nvd.nist.gov/rest/json/cves/2.0',
    reliability: 'A',
    tlp: 'clear',
    confidence: 100,
  },
  detect: ({ head }) => head.trimStart().startsWith('{') && /"format"\s*:\s*"NVD_CVE"/.test(head),
  async *parse(input): AsyncGenerator<Draft> {
    for await (const { key, value } of jsonArrayAt(input, 'vulnerabilities', 'an NVD CVE API answer'))
      yield nvdDraft(value, `$.vulnerabilities[${key}]`);
  },
};
