import { describe, expect, it } from 'vitest';
import { sampleOf } from '../formats/lib/testing.js';
import { detectTelemetryFormat, TELEMETRY_FORMATS } from './index.js';
import { FIXTURES } from './telemetry-testing.js';

describe('telemetry format detection', () => {
  it.each([
    ['suricata-eve', 'suricata-eve-slips-test6-malicious.json.gz'],
    ['suricata-eve', 'suricata-eve-surevego-apt-2017.json'],
    ['zeek', 'zeek-json-slips-test9-conn.log'],
    ['zeek', 'zeek-json-slips-test9-dns.log'],
    ['zeek', 'zeek-json-slips-test9-http.log'],
    ['zeek', 'zeek-tsv-ctu-sme-11-conn.log.labeled'],
    ['zeek', 'zeek-tsv-ctu-sme-11-dns.log.labeled'],
    ['zeek', 'zeek-tsv-wrccdc-2018-dns.log.gz'],
    ['zeek', 'zeek-tsv-wrccdc-2018-ssl.log.gz'],
  ])('%s: %s', async (format, name) => {
    expect(detectTelemetryFormat(await sampleOf(`${FIXTURES}/${name}`))?.name).toBe(format);
  });

  it.each([
    `${FIXTURES}/zeek-tsv-ctu-sme-11-README.md`,
    `${FIXTURES}/LICENSE-slips-GPL-2.0.txt`,
    'abusech/feodotracker-ipblocklist-2026-07-24.json',
    'abusech/urlhaus-online-sample-2026-08-18.csv',
    'phishing/maltrail-evilginx-trails.txt',
    'stix2-examples/threat-reports/apt1.json',
  ])('not telemetry: %s', async (name) => {
    expect(detectTelemetryFormat(await sampleOf(name))).toBeUndefined();
  });

  it('lists each format once, with a description', () => {
    expect(TELEMETRY_FORMATS.map((f) => f.name)).toEqual(['suricata-eve', 'zeek']);
    for (const format of TELEMETRY_FORMATS) expect(format.description.length).toBeGreaterThan(10);
  });
});
