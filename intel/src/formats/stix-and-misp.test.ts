import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { attackFormat } from './attack.js';
import { InputRefused } from './format.js';
import { mispGalaxyFormat } from './misp-galaxy.js';
import { mispFormat } from './misp.js';
import { stixFormat } from './stix.js';
import { simplePatternValues } from './stix/pattern.js';
import { draftsOf, draftsOfText, tally } from './testing/collect.js';

const HOSTILE = `<script>alert(1)</script>'; drop table x;-- =HYPERLINK("http://x")`;

describe('ATT&CK bundles: every object kept, by type', () => {
  it('enterprise 18.1: 24,771 objects, revoked and deprecated included', async () => {
    const drafts = await draftsOf(
      attackFormat,
      sharedFile('mitre-attack/enterprise-attack-18.1.stix20.json.gz'),
    );
    expect(tally(drafts)).toEqual({
      object: 4723,
      relationship: 20048,
      'object:attack-pattern': 835,
      'object:campaign': 52,
      'object:course-of-action': 268,
      'object:identity': 1,
      'object:intrusion-set': 187,
      'object:malware': 696,
      'object:marking-definition': 1,
      'object:tool': 91,
      'object:x-mitre-analytic': 1739,
      'object:x-mitre-data-component': 109,
      'object:x-mitre-data-source': 38,
      'object:x-mitre-detection-strategy': 691,
      'object:x-mitre-matrix': 1,
      'object:x-mitre-tactic': 14,
    });
    expect(drafts.filter((d) => d.kind === 'object' && d.stix.revoked === true)).toHaveLength(140);
    expect(drafts.filter((d) => d.kind === 'object' && d.stix.x_mitre_deprecated === true)).toHaveLength(287);
  });
  it('mobile (STIX 2.0) and ICS (STIX 2.1)', async () => {
    const mobile = tally(
      await draftsOf(attackFormat, sharedFile('mitre-attack/mobile-attack-18.1.stix20.json.gz')),
    );
    expect(mobile.object! + mobile.relationship!).toBe(2535);
    const ics = tally(await draftsOf(attackFormat, sharedFile('mitre-attack/ics-attack-18.1.stix21.json')));
    expect(ics).toMatchObject({
      object: 453,
      relationship: 1373,
      'object:x-mitre-asset': 18,
      'object:x-mitre-tactic': 12,
    });
  });
});

describe('STIX bundles', () => {
  it('APT1: simple patterns become typed indicators, CIDR ranges included; certificate patterns stay objects', async () => {
    expect(
      tally(await draftsOf(stixFormat, sharedFile('stix2-examples/threat-reports/apt1.json'))),
    ).toMatchObject({
      indicator: 10,
      'indicator:ipv4-cidr': 4,
      'indicator:domain': 3,
      'indicator:md5': 3,
      'object:indicator': 2,
      relationship: 30,
      'object:threat-actor': 5,
    });
  });
  it('Poison Ivy: OR patterns give one indicator per value; file names are indicators', async () => {
    const tallied = tally(
      await draftsOf(stixFormat, sharedFile('stix2-examples/threat-reports/poisonivy.json')),
    );
    expect(tallied['object:indicator']).toBeUndefined();
    expect(tallied).toMatchObject({
      indicator: 67,
      'indicator:ipv4': 40,
      'indicator:domain': 25,
      'indicator:filename': 2,
      relationship: 90,
      'object:malware': 25,
    });
  });
  it('reads the patterning grammar it maps, and nothing richer', () => {
    expect(simplePatternValues("[file:hashes.'SHA-256' = 'AB\\'c']")).toEqual([
      { type: 'sha256', value: "AB'c" },
    ]);
    expect(simplePatternValues("[ipv4-addr:value = '1.2.3.4' OR domain-name:value = 'x.example']")).toEqual([
      { type: 'ipv4', value: '1.2.3.4' },
      { type: 'domain', value: 'x.example' },
    ]);
    expect(
      simplePatternValues("[ipv4-addr:value = '1.2.3.4' AND domain-name:value = 'x.example']"),
    ).toBeUndefined();
    expect(simplePatternValues("[x509-certificate:issuer = 'CN=WEBMAIL']")).toBeUndefined();
    expect(simplePatternValues("[autonomous-system:number = '64500' OR file:name = 7]")).toBeUndefined();
    expect(
      simplePatternValues("[url:value = 'http://a'] FOLLOWEDBY [url:value = 'http://b']"),
    ).toBeUndefined();
  });
  it('unknown custom types are kept, SCOs ignored, broken objects rejected; hostile names byte-exact', async () => {
    const bundle = JSON.stringify({
      type: 'bundle',
      id: 'bundle--1',
      objects: [
        { type: 'x-acme', id: 'x-acme--00000000-0000-4000-8000-000000000001', name: HOSTILE },
        { type: 'ipv4-addr', id: 'ipv4-addr--00000000-0000-4000-8000-000000000002', value: '1.2.3.4' },
        { type: 'malware', name: 'no id' },
        { type: 'x-acme', id: 'x-acme--00000000-0000-4000-8000-000000000001', name: 'duplicate id' },
      ],
    });
    expect(await draftsOfText(stixFormat, bundle)).toEqual([
      { kind: 'object', where: '$.objects[0]', stix: expect.objectContaining({ name: HOSTILE }) },
      { kind: 'ignored', where: '$.objects[1]', what: 'STIX SCO ipv4-addr' },
      { kind: 'reject', where: '$.objects[2]', reason: 'not a STIX object (type and id are required)' },
      { kind: 'object', where: '$.objects[3]', stix: expect.objectContaining({ name: 'duplicate id' }) },
    ]);
  });
  it('a truncated or malformed bundle is refused as a whole', async () => {
    const text = readFileSync(sharedFile('stix2-examples/threat-reports/apt1.json'), 'utf8');
    await expect(draftsOfText(stixFormat, text.slice(0, text.length / 2))).rejects.toThrow(InputRefused);
    await expect(draftsOfText(stixFormat, '{"type": "bundle", "objects": [}')).rejects.toThrow(
      /malformed or truncated JSON/,
    );
  });
});

describe('MISP', () => {
  it('events: to_ids attributes → indicators, the rest counted; galaxies → objects; a report per event', async () => {
    expect(
      tally(await draftsOf(mispFormat, sharedFile('eset-misp-events/cloudmensis_cloudmensis.misp.json'))),
    ).toEqual({
      object: 1,
      'object:report': 1,
      ignored: 13,
      indicator: 9,
      'indicator:md5': 3,
      'indicator:sha1': 3,
      'indicator:sha256': 3,
    });
    const vivern = await draftsOf(
      mispFormat,
      sharedFile('eset-misp-events/winter_vivern_misp-wintervivern.event.json'),
    );
    expect(tally(vivern)).toMatchObject({
      'object:attack-pattern': 10,
      'object:report': 1,
      ignored: 18,
      indicator: 6,
      'indicator:email': 1,
      'indicator:url': 2,
    });
    expect(
      tally(await draftsOf(mispFormat, sharedFile('eset-misp-events/turla_misp-turla-comrat-v4-event.json'))),
    ).toEqual({
      object: 2,
      'object:intrusion-set': 1,
      'object:report': 1,
      ignored: 37,
    });
  });
  it('an attribute TLP and PAP tag travel to the pipeline; composite values are split into both indicators', async () => {
    const event = {
      Event: {
        uuid: '5ec81ad5-0000-4000-8000-000000000001',
        info: HOSTILE,
        date: '2024-01-02',
        Tag: [{ name: 'tlp:amber' }],
        Attribute: [
          {
            type: 'domain|ip',
            value: 'evil.example|203.0.113.9',
            to_ids: true,
            uuid: 'a1',
            Tag: [{ name: 'tlp:red' }, { name: 'PAP:AMBER' }],
          },
          { type: 'filename|sha256', value: `dropper.exe|${'a'.repeat(64)}`, to_ids: true, uuid: 'a2' },
        ],
      },
    };
    const drafts = await draftsOfText(mispFormat, JSON.stringify(event));
    expect(
      drafts
        .filter((d) => d.kind === 'indicator')
        .map((d) => d.kind === 'indicator' && [d.type, d.value, d.context?.tlp_tag, d.context?.pap_tag]),
    ).toEqual([
      ['domain', 'evil.example', 'tlp:red', 'PAP:AMBER'],
      ['ipv4', '203.0.113.9', 'tlp:red', 'PAP:AMBER'],
      ['filename', 'dropper.exe', 'tlp:amber', undefined],
      ['sha256', 'a'.repeat(64), 'tlp:amber', undefined],
    ]);
    // PAP and TLP tags are markings, not labels.
    expect(
      drafts.find((d) => d.kind === 'indicator' && d.value === 'evil.example' && d.labels?.length),
    ).toBeUndefined();
    expect(drafts.find((d) => d.kind === 'object')).toMatchObject({
      stix: { type: 'report', name: HOSTILE },
    });
  });
  it('a file without an Event is refused', async () => {
    await expect(draftsOfText(mispFormat, '{"Event2": {}}')).rejects.toThrow('no MISP Event in the file');
  });
  it('galaxies: actors as intrusion sets, families as malware, sectors as identities, with synonyms', async () => {
    const actors = await draftsOf(mispGalaxyFormat, sharedFile('misp-galaxy/cluster-threat-actor.json'));
    expect(tally(actors)).toEqual({ object: 1041, 'object:intrusion-set': 1041 });
    expect(actors.find((d) => d.kind === 'object' && d.stix.name === 'APT28')).toMatchObject({
      stix: { aliases: expect.arrayContaining(['Fancy Bear', 'Sofacy']) },
    });
    expect(
      tally(await draftsOf(mispGalaxyFormat, sharedFile('misp-galaxy/cluster-ransomware.json'))),
    ).toEqual({ object: 2135, 'object:malware': 2135 });
    expect(tally(await draftsOf(mispGalaxyFormat, sharedFile('misp-galaxy/cluster-malpedia.json')))).toEqual({
      object: 3683,
      'object:malware': 3683,
    });
    expect(tally(await draftsOf(mispGalaxyFormat, sharedFile('misp-galaxy/cluster-sector.json')))).toEqual({
      object: 118,
      'object:identity': 118,
    });
  });
});
