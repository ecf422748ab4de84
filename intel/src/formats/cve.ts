import type { CvssMetric, CveFields, Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { isObject, jsonDocument, str } from './lib/json.js';

const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const CVSS_KEYS: [string, CvssMetric['version']][] = [
  ['cvssV4_0', '4.0'],
  ['cvssV3_1', '3.1'],
  ['cvssV3_0', '3.0'],
  ['cvssV2_0', '2.0'],
];

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function metricsOf(container: Record<string, unknown>, source: 'cna' | 'adp'): CvssMetric[] {
  const provider = isObject(container.providerMetadata) ? str(container.providerMetadata.shortName) : undefined;
  const metrics: CvssMetric[] = [];
  for (const metric of list(container.metrics)) {
    if (!isObject(metric)) continue;
    for (const [key, version] of CVSS_KEYS) {
      const cvss = metric[key];
      if (!isObject(cvss) || typeof cvss.baseScore !== 'number' || typeof cvss.vectorString !== 'string') continue;
      metrics.push({ version, baseScore: cvss.baseScore, vector: cvss.vectorString, severity: str(cvss.baseSeverity), source, ...(provider ? { provider } : {}) });
    }
  }
  return metrics;
}

/** CISA's SSVC decision points from an ADP `other` metric of type ssvc. */
function ssvcOf(containers: Record<string, unknown>[]): CveFields['ssvc'] {
  for (const container of containers) {
    for (const metric of list(container.metrics)) {
      const other = isObject(metric) && isObject(metric.other) ? metric.other : undefined;
      if (!other || other.type !== 'ssvc' || !isObject(other.content)) continue;
      const options = Object.assign({}, ...list(other.content.options).filter(isObject)) as Record<string, unknown>;
      return { exploitation: str(options.Exploitation), automatable: str(options.Automatable), technicalImpact: str(options['Technical Impact']) };
    }
  }
  return undefined;
}

function english(descriptions: unknown[]): string | undefined {
  const items = descriptions.filter(isObject);
  const en = items.find((d) => typeof d.lang === 'string' && /^en/i.test(d.lang)) ?? items[0];
  return en ? str(en.value) : undefined;
}

function cweIds(cna: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const type of list(cna.problemTypes).filter(isObject))
    for (const d of list(type.descriptions).filter(isObject)) if (typeof d.cweId === 'string') ids.add(d.cweId);
  return [...ids];
}

/** CVE JSON 5 records, one per file (a folder is one run): description, CVSS, CWE, SSVC. */
export const cveFormat: FormatAdapter = {
  name: 'cve',
  description: 'CVE JSON 5 records (one file, or a folder of them)',
  defaults: { name: 'CVE List', kind: 'feed', url: 'https://github.com/CVEProject/cvelistV5', reliability: 'A', tlp: 'clear', confidence: 100 },
  detect: ({ head }) => head.trimStart().startsWith('{') && (/"dataType"\s*:\s*"CVE_RECORD"/.test(head) || head.includes('"cveMetadata"')),
  async *parse(input): AsyncGenerator<Draft> {
    const record = await jsonDocument(input, MAX_RECORD_BYTES, 'a CVE record');
    const meta = isObject(record) && isObject(record.cveMetadata) ? record.cveMetadata : undefined;
    const containers = isObject(record) && isObject(record.containers) ? record.containers : undefined;
    const cveId = meta ? str(meta.cveId) : undefined;
    if (!meta || !cveId) {
      yield { kind: 'reject', where: '$.cveMetadata', reason: 'not a CVE record: cveMetadata.cveId is missing' };
      return;
    }
    const cna = containers && isObject(containers.cna) ? containers.cna : {};
    const adp = containers ? list(containers.adp).filter(isObject) : [];
    const firstAffected = list(cna.affected).find(isObject);
    yield {
      kind: 'vulnerability',
      where: '$',
      cveId,
      cve: {
        title: str(cna.title),
        description: english(list(cna.descriptions)) ?? english(list(cna.rejectedReasons)),
        state: str(meta.state),
        publishedAt: str(meta.datePublished),
        modifiedAt: str(meta.dateUpdated),
        cwes: cweIds(cna),
        cvss: [...metricsOf(cna, 'cna'), ...adp.flatMap((c) => metricsOf(c, 'adp'))],
        ssvc: ssvcOf(adp),
        vendor: firstAffected ? str(firstAffected.vendor) : undefined,
        product: firstAffected ? str(firstAffected.product) : undefined,
        affected: list(cna.affected),
        references: list(cna.references),
      },
    };
  },
};
