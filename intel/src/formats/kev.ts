import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { isObject, jsonArrayItems, str } from './lib/json.js';

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
  detect: ({ head }) => head.trimStart().startsWith('{') && head.includes('"catalogVersion"') && head.includes('"vulnerabilities"'),
  async *parse(input): AsyncGenerator<Draft> {
    for await (const { key, value } of jsonArrayItems(input, 'vulnerabilities')) {
      const where = `$.vulnerabilities[${key}]`;
      if (!isObject(value)) {
        yield { kind: 'reject', where, reason: 'not a KEV entry (an object was expected)' };
        continue;
      }
      const cveId = str(value.cveID);
      const dateAdded = str(value.dateAdded);
      if (!cveId || !dateAdded) {
        yield { kind: 'reject', where, reason: `missing ${cveId ? 'dateAdded' : 'cveID'}` };
        continue;
      }
      yield {
        kind: 'vulnerability',
        where,
        cveId,
        kev: {
          dateAdded,
          dueDate: str(value.dueDate),
          ransomwareUse: str(value.knownRansomwareCampaignUse),
          vendor: str(value.vendorProject),
          product: str(value.product),
          name: str(value.vulnerabilityName),
          shortDescription: str(value.shortDescription),
          requiredAction: str(value.requiredAction),
          notes: typeof value.notes === 'string' ? value.notes : undefined,
          cwes: Array.isArray(value.cwes) ? value.cwes.filter((c): c is string => typeof c === 'string') : [],
        },
      };
    }
  },
};
