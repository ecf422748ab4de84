import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { cveFormat } from './cve.js';
import { epssFormat } from './epss.js';
import { feodoFormat } from './feodo.js';
import { kevFormat } from './kev.js';
import { FORMATS } from './registry.js';
import { threatfoxFormat } from './threatfox.js';
import { urlhausFormat } from './urlhaus.js';
import { draftsOf, draftsOfText, tally } from './testing/collect.js';
import { openInput } from '../input/open-input.js';
import { listInputFiles } from '../input/list-inputs.js';

const HOSTILE = `<script>alert(1)</script>'; drop table x;-- =HYPERLINK("http://x")`;

describe('real files: exact counts', () => {
  it('KEV: 1,404 CVEs', async () => {
    const drafts = await draftsOf(kevFormat, sharedFile('cisa-kev/known_exploited_vulnerabilities.json'));
    expect(tally(drafts)).toEqual({ vulnerability: 1404 });
    expect(drafts.find((d) => d.kind === 'vulnerability' && d.cveId === 'CVE-2021-44228')).toMatchObject({ kev: { dateAdded: '2021-12-10', vendor: 'Apache', ransomwareUse: 'Known' } });
  });

  it('EPSS: 360,142 scores in the full file, 1,662 in the KEV subset with its score date', async () => {
    expect(tally(await draftsOf(epssFormat, sharedFile('epss/epss_scores-full-2026-08-16-via-emba.csv.gz')))).toEqual({ vulnerability: 360142 });
    const subset = await draftsOf(epssFormat, sharedFile('epss/epss_scores-kev-subset-2026-08-08.csv'));
    expect(tally(subset)).toEqual({ vulnerability: 1662 });
    expect(subset.find((d) => d.kind === 'vulnerability' && d.cveId === 'CVE-2021-44228')).toMatchObject({ epss: { score: 0.99999, percentile: 1, date: '2026-08-08' } });
  });

  it('CVE records: 375 vulnrichment files with CNA and CISA-ADP scores and SSVC', async () => {
    const drafts = (await Promise.all((await listInputFiles(sharedFile('vulnrichment'))).map((f) => draftsOf(cveFormat, f)))).flat();
    expect(tally(drafts)).toEqual({ vulnerability: 375 });
    const cves = drafts.flatMap((d) => (d.kind === 'vulnerability' && d.cve ? [d.cve] : []));
    expect(cves.filter((c) => c.cvss.length > 0).length).toBe(316);
    expect(cves.filter((c) => c.cvss.some((m) => m.source === 'adp' && m.provider === 'CISA-ADP')).length).toBe(104);
    expect(cves.filter((c) => c.ssvc?.exploitation).length).toBe(375);
  });

  it('CVE record: Log4Shell has no CNA score, and CISA-ADP\'s CVSS 3.1 10.0', async () => {
    const [draft] = await draftsOf(cveFormat, sharedFile('cve-records/CVE-2021-44228.json'));
    expect(draft).toMatchObject({ kind: 'vulnerability', cveId: 'CVE-2021-44228' });
    if (draft?.kind !== 'vulnerability') throw new Error('no draft');
    expect(draft.cve!.cvss).toContainEqual({ version: '3.1', baseScore: 10, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', severity: 'CRITICAL', source: 'adp', provider: 'CISA-ADP' });
    expect(draft.cve!.cvss.filter((m) => m.source === 'cna')).toEqual([]);
  });

  it('ThreatFox JSON: 4,488 IOCs by type, ip:port split into address and port', async () => {
    const drafts = await draftsOf(threatfoxFormat, sharedFile('abusech/threatfox-recent-2026-07-24.json'));
    expect(tally(drafts)).toEqual({ indicator: 4488, 'indicator:ipv4': 2412, 'indicator:domain': 1207, 'indicator:url': 408, 'indicator:sha256': 169, 'indicator:sha1': 146, 'indicator:md5': 146 });
    const ip = drafts.find((d) => d.kind === 'indicator' && d.sourceRef === '223357');
    expect(ip).toMatchObject({ type: 'ipv4', value: '47.95.207.79', malware: ['Cobalt Strike'], context: { port: 443, threat_type: 'botnet_cc' } });
  });

  it('Feodo Tracker JSON (5) and CSV (28), URLhaus (20)', async () => {
    expect(tally(await draftsOf(feodoFormat, sharedFile('abusech/feodotracker-ipblocklist-2026-07-24.json')))).toEqual({ indicator: 5, 'indicator:ipv4': 5 });
    const csv = await draftsOf(feodoFormat, sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv'));
    expect(tally(csv)).toEqual({ indicator: 28, 'indicator:ipv4': 28 });
    expect(csv[0]).toMatchObject({ where: 'line 10', value: '192.9.135.73', malware: ['Pikabot'], context: { port: 1194, status: 'online' } });
    const urls = await draftsOf(urlhausFormat, sharedFile('abusech/urlhaus-online-sample-2026-08-18.csv'));
    expect(tally(urls)).toEqual({ indicator: 20, 'indicator:url': 20 });
    expect(urls[1]).toMatchObject({ sourceRef: '3905435', labels: ['176-65-139-212', 'elf', 'mirai', 'ua-wget'], reference: 'https://urlhaus.abuse.ch/url/3905435/' });
  });
});

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

describe('record-level problems', () => {
  it('KEV: a missing cveID is rejected at its path; hostile text is kept byte-exact', async () => {
    const text = JSON.stringify({ catalogVersion: '1', vulnerabilities: [{ dateAdded: '2024-01-01' }, { cveID: 'CVE-2024-0001', dateAdded: '2024-01-01', vulnerabilityName: HOSTILE }] });
    expect(await draftsOfText(kevFormat, text)).toEqual([
      { kind: 'reject', where: '$.vulnerabilities[0]', reason: 'missing cveID' },
      expect.objectContaining({ kind: 'vulnerability', cveId: 'CVE-2024-0001', kev: expect.objectContaining({ name: HOSTILE }) }),
    ]);
  });
  it('EPSS: a non-numeric score is rejected with its line; CRLF is fine', async () => {
    const drafts = await draftsOfText(epssFormat, 'cve,epss,percentile\r\nCVE-2024-0001,0.5,0.9\r\nCVE-2024-0002,high,0.9\r\n');
    expect(drafts.map((d) => d.kind === 'reject' ? d.where : d.kind)).toEqual(['vulnerability', 'line 3']);
  });
  it('ThreatFox: an unknown ioc_type is rejected', async () => {
    const drafts = await draftsOfText(threatfoxFormat, JSON.stringify({ 7: [{ ioc_value: 'x', ioc_type: 'ja3' }] }));
    expect(drafts).toEqual([{ kind: 'reject', where: '$.7[0]', reason: 'unknown ThreatFox ioc_type "ja3"' }]);
  });
  it('ThreatFox CSV export (the format of the load benchmark)', async () => {
    const csv = [
      '################################################################',
      '# ThreatFox IOCs: CSV export                                   #',
      '# "first_seen_utc","ioc_id","ioc_value","ioc_type","threat_type","fk_malware","malware_alias","malware_printable","last_seen_utc","confidence_level","reference","tags","anonymous","reporter"',
      '"2026-07-01 00:00:06", "1222395", "http://evil.example/a", "url", "payload_delivery", "win.redline_stealer", "RECORDSTEALER", "RedLine Stealer", "", "100", "", "None", "0", "abuse_ch"',
      '"2026-07-01 00:00:07", "1222396", "198.51.100.9:8443", "ip:port", "botnet_cc", "win.emotet", "None", "Emotet", "2026-07-02 00:00:00", "75", "https://x.example", "c2,emotet", "0", "someone"',
    ].join('\n');
    expect(await draftsOfText(threatfoxFormat, csv)).toEqual([
      expect.objectContaining({ where: 'line 4', type: 'url', value: 'http://evil.example/a', sourceRef: '1222395', confidence: 100, labels: [], malware: ['RedLine Stealer'] }),
      expect.objectContaining({ where: 'line 5', type: 'ipv4', value: '198.51.100.9', context: expect.objectContaining({ port: 8443 }), labels: ['c2', 'emotet'], lastSeen: '2026-07-02 00:00:00' }),
    ]);
  });
});
