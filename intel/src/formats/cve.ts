import type { CveFields, CvssMetric, Draft } from '../model/drafts.js';
import { InputRefused, type FormatAdapter } from './format.js';
import { CVE_ID, decimal, isObject, nonEmpty, text } from './lib/fields.js';
import { jsonDocument } from './lib/json-stream.js';

/** Records are tens of KB (the largest in our samples 157 KB); this is far past any real one. */
const MAX_RECORD_BYTES = 16 * 1024 * 1024;
const CVSS_KEYS: [string, CvssMetric['version']][] = [
  ['cvssV4_0', '4.0'],
  ['cvssV3_1', '3.1'],
  ['cvssV3_0', '3.0'],
  ['cvssV2_0', '2.0'],
];

type Container = Record<string, unknown>;

const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Container[] => array(value).filter(isObject);
const shortName = (container: Container) =>
  isObject(container.providerMetadata) ? nonEmpty(container.providerMetadata.shortName) : undefined;

/** The CVSS metrics of one container; one without a score or a vector cannot be used and is left out. */
function cvssOf(container: Container, source: CvssMetric['source']): CvssMetric[] {
  const provider = shortName(container);
  const metrics: CvssMetric[] = [];
  for (const metric of objects(container.metrics)) {
    for (const [key, version] of CVSS_KEYS) {
      const cvss = metric[key];
      if (!isObject(cvss)) continue;
      const baseScore = typeof cvss.baseScore === 'number' ? cvss.baseScore : decimal(text(cvss.baseScore));
      const vector = nonEmpty(cvss.vectorString);
      if (baseScore === undefined || vector === undefined) continue;
      metrics.push({
        version,
        baseScore,
        vector,
        severity: nonEmpty(cvss.baseSeverity),
        source,
        ...(provider ? { provider } : {}),
      });
    }
  }
  return metrics;
}

/** CISA's SSVC decision points: an ADP `other` metric of type `ssvc`, options as one-key objects. */
function ssvcOf(adp: Container[]): CveFields['ssvc'] {
  for (const container of adp) {
    for (const metric of objects(container.metrics)) {
      const other = isObject(metric.other) ? metric.other : undefined;
      if (other?.type !== 'ssvc' || !isObject(other.content)) continue;
      const options: Record<string, string | undefined> = {};
      for (const option of objects(other.content.options))
        for (const [name, value] of Object.entries(option))
          options[name.toLowerCase().replace(/[\s_]/g, '')] = nonEmpty(value);
      return {
        exploitation: options.exploitation,
        automatable: options.automatable,
        technicalImpact: options.technicalimpact,
      };
    }
  }
  return undefined;
}

/** The English text (`en`, `en-US`, …) of a descriptions list, else its first (NVD's too). */
export function english(descriptions: unknown): string | undefined {
  const items = objects(descriptions);
  const en = items.find((d) => typeof d.lang === 'string' && /^en\b/i.test(d.lang)) ?? items[0];
  return en ? text(en.value) : undefined;
}

function cweIds(container: Container): string[] {
  const ids = new Set<string>();
  for (const type of objects(container.problemTypes))
    for (const d of objects(type.descriptions)) {
      const id = nonEmpty(d.cweId);
      if (id) ids.add(id);
    }
  return [...ids];
}

/** One CVE JSON 5 record → the CVE column group of its CVE. */
function cveDraft(record: unknown): Draft {
  if (!isObject(record)) throw new InputRefused('not a CVE record: the document is not a JSON object');
  const meta = record.cveMetadata;
  if (!isObject(meta)) throw new InputRefused('not a CVE record: there is no cveMetadata object');
  const cveId = nonEmpty(meta.cveId);
  const where = '$.cveMetadata.cveId';
  if (!cveId) return { kind: 'reject', where, reason: 'missing cveMetadata.cveId' };
  if (!CVE_ID.test(cveId))
    return { kind: 'reject', where, reason: `cveId "${cveId.slice(0, 60)}" is not a CVE id (CVE-YYYY-NNNN)` };
  const containers = isObject(record.containers) ? record.containers : {};
  const cna = isObject(containers.cna) ? containers.cna : {};
  const adp = objects(containers.adp);
  const firstAffected = objects(cna.affected)[0];
  const cnaCwes = cweIds(cna);
  return {
    kind: 'vulnerability',
    where: '$',
    cveId,
    cve: {
      title: nonEmpty(cna.title),
      // A REJECTED record has no descriptions, only the reason it was rejected.
      description: english(cna.descriptions) ?? english(cna.rejectedReasons),
      state: nonEmpty(meta.state),
      publishedAt: nonEmpty(meta.datePublished),
      modifiedAt: nonEmpty(meta.dateUpdated),
      // CISA-ADP adds CWEs where the CNA gave none; the CNA's own win when it has them.
      cwes: cnaCwes.length > 0 ? cnaCwes : [...new Set(adp.flatMap(cweIds))],
      cvss: [...cvssOf(cna, 'cna'), ...adp.flatMap((container) => cvssOf(container, 'adp'))],
      ssvc: ssvcOf(adp),
      vendor: firstAffected ? text(firstAffected.vendor) : undefined,
      product: firstAffected ? text(firstAffected.product) : undefined,
      affected: array(cna.affected),
      references: array(cna.references),
    },
  };
}

/** CVE JSON 5 records, one per file (a folder is one run): description, CVSS, CWE, SSVC. */
export const cveFormat: FormatAdapter = {
  name: 'cve',
  description: 'CVE JSON 5 records (one file, or a folder of them)',
  defaults: {
    name: 'CVE List',
    kind: 'feed',
    url: 'https://github.com/CVEProject/cvelistV5',
    reliability: 'A',
    tlp: 'clear',
    confidence: 100,
  },
  detect: ({ head }) =>
    head.trimStart().startsWith('{') &&
    (/"dataType"\s*:\s*"CVE_RECORD"/.test(head) || /"cveMetadata"\s*:\s*\{/.test(head)),
  async *parse(input): AsyncGenerator<Draft> {
    // One record per file and records are small, so it is parsed whole; the size cap keeps that safe.
    yield cveDraft(await jsonDocument(input, MAX_RECORD_BYTES, 'a CVE record'));
  },
};
