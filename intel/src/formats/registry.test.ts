import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { openInput } from '../input/open-input.js';
import { FORMATS } from './registry.js';

// Format detection across every importer: each real file is recognised by exactly one of them.
describe('detection', () => {
  const files: [string, string][] = [
    ['kev', 'cisa-kev/known_exploited_vulnerabilities.json'],
    ['epss', 'epss/epss_scores-full-2026-08-16-via-emba.csv.gz'],
    ['epss', 'epss/epss_scores-kev-subset-2026-08-08.csv'],
    ['cve', 'cve-records/CVE-2024-3400.json'],
    ['threatfox', 'abusech/threatfox-recent-2026-07-24.json'],
    ['feodo', 'abusech/feodotracker-ipblocklist-2026-07-24.json'],
    ['feodo', 'abusech/feodotracker-ipblocklist-2024-04-04.csv'],
    ['urlhaus', 'abusech/urlhaus-online-sample-2026-08-18.csv'],
    ['attack', 'mitre-attack/enterprise-attack-18.1.stix20.json.gz'],
    ['attack', 'mitre-attack/ics-attack-18.1.stix21.json'],
    ['stix', 'stix2-examples/threat-reports/apt1.json'],
    ['misp', 'eset-misp-events/cloudmensis_cloudmensis.misp.json'],
    ['misp-galaxy', 'misp-galaxy/cluster-ransomware.json'],
    ['phishing-list', 'phishing/polkadot-js-phishing-all.json.gz'],
    ['phishing-list', 'phishing/polkadot-js-phishing-meta-2025-09.json'],
    ['phishing-list', 'phishing/maltrail-evilginx-trails.txt'],
  ];
  it.each(files)('%s is recognised in %s, by exactly one format', async (format, file) => {
    const { sample, stream } = await openInput(sharedFile(file));
    stream.destroy();
    expect(FORMATS.filter((f) => f.detect(sample)).map((f) => f.name)).toEqual([format]);
  });
  it('a TAXII server data file is not a bundle', async () => {
    const { sample, stream } = await openInput(sharedFile('taxii-sample/medallion-default_data.json'));
    stream.destroy();
    expect(FORMATS.filter((f) => f.detect(sample))).toEqual([]);
  });
});
