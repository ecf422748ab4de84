import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { CVE_ID, isObject, nonEmpty, text } from './lib/fields.js';
import { jsonArrayAt } from './lib/json-stream.js';

/** One catalogue entry → the KEV column group of its CVE. */
function kevDraft(where: string, entry: unknown): Draft {
  if (!isObject(entry)) return { kind: 'reject', where, reason: 'not a KEV entry (an object was expected)' };
  const cveId = nonEmpty(entry.cveID);
  if (!cveId) return { kind: 'reject', where, reason: 'missing cveID' };
  if (!CVE_ID.test(cveId))
    return { kind: 'reject', where, reason: `cveID "${cveId.slice(0, 60)}" is not a CVE id (CVE-YYYY-NNNN)` };
  const dateAdded = nonEmpty(entry.dateAdded);
  if (!dateAdded) return { kind: 'reject', where, reason: 'missing dateAdded' };
  return {
    kind: 'vulnerability',
    where,
    cveId,
    kev: {
      dateAdded,
      dueDate: nonEmpty(entry.dueDate),
      ransomwareUse: nonEmpty(entry.knownRansomwareCampaignUse),
      vendor: text(entry.vendorProject),
      product: text(entry.product),
      name: text(entry.vulnerabilityName),
      shortDescription: text(entry.shortDescription),
      requiredAction: text(entry.requiredAction),
      notes: text(entry.notes),
      cwes: Array.isArray(entry.cwes)
        ? entry.cwes.map(nonEmpty).filter((cwe): cwe is string => cwe !== undefined)
        : [],
    },
  };
}

/** CISA Known Exploited Vulnerabilities catalogue (JSON): one KEV column group per CVE. */
export const kevFormat: FormatAdapter = {
  name: 'kev',
  description: 'CISA Known Exploited Vulnerabilities catalogue (JSON)',
  defaults: {
    name: 'CISA KEV',
    kind: 'feed',
    url: 'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
    reliability: 'A',
    tlp: 'clear',
    confidence: 100,
  },
  // Values, not only names: the catalogue's JSON schema names both properties too.
  detect: ({ head }) =>
    head.trimStart().startsWith('{') &&
    /"catalogVersion"\s*:\s*"/.test(head) &&
    /"vulnerabilities"\s*:\s*\[/.test(head),
  async *parse(input): AsyncGenerator<Draft> {
    for await (const { key, value } of jsonArrayAt(input, 'vulnerabilities', 'a CISA KEV catalogue'))
      yield kevDraft(`$.vulnerabilities[${key}]`, value);
  },
};
