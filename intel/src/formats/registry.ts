import type { FormatAdapter, FormatName, Sample } from './format.js';
import { attackFormat } from './attack.js';
import { cveFormat } from './cve.js';
import { epssFormat } from './epss.js';
import { feodoFormat } from './feodo.js';
import { kevFormat } from './kev.js';
import { mispGalaxyFormat } from './misp-galaxy.js';
import { mispFormat } from './misp.js';
import { nvdFormat } from './nvd.js';
import { phishingListFormat } from './phishing-list.js';
import { rssFormat } from './rss.js';
import { stixFormat } from './stix.js';
import { threatfoxFormat } from './threatfox.js';
import { urlhausFormat } from './urlhaus.js';

/** Every importer, in detection order: the more specific shape first (ATT&CK is also STIX). */
export const FORMATS: readonly FormatAdapter[] = [
  attackFormat,
  stixFormat,
  kevFormat,
  nvdFormat,
  cveFormat,
  mispGalaxyFormat,
  mispFormat,
  threatfoxFormat,
  feodoFormat,
  urlhausFormat,
  epssFormat,
  phishingListFormat,
  rssFormat,
];

export function adapterFor(name: FormatName): FormatAdapter {
  const adapter = FORMATS.find((f) => f.name === name);
  if (!adapter) throw new Error(`no importer for format "${name}"`);
  return adapter;
}

export function detectFormat(sample: Sample): FormatAdapter | undefined {
  return FORMATS.find((f) => f.detect(sample));
}
