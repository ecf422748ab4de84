import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import {
  draftsOfFile,
  draftsOfText,
  HOSTILE,
  refusalOf,
  SAMPLE_FILES,
  sampleOf,
  tally,
} from './lib/testing.js';
import { ioc, THREATFOX_FILE } from './lib/threatfox-fixtures.js';
import { threatfoxFormat } from './threatfox.js';

const FILE = THREATFOX_FILE;

describe('ThreatFox: the real JSON export', () => {
  it('4,488 IOCs by type, in file order, ip:port split into address and port', async () => {
    const drafts = await draftsOfFile(threatfoxFormat, FILE);
    expect(tally(drafts)).toEqual({
      indicator: 4488,
      'indicator:ipv4': 2412,
      'indicator:domain': 1207,
      'indicator:url': 408,
      'indicator:sha256': 169,
      'indicator:sha1': 146,
      'indicator:md5': 146,
    });
    expect(drafts[0]).toMatchObject({
      where: '$.1856791[0]',
      sourceRef: '1856791',
      type: 'url',
      value: 'https://sup.merahsm188.top/',
      confidence: 100,
      malware: ['Vidar'],
      labels: ['vidar'],
    });
    expect(drafts.find((d) => d.kind === 'indicator' && d.sourceRef === '223357')).toEqual({
      kind: 'indicator',
      where: '$.223357[0]',
      type: 'ipv4',
      value: '47.95.207.79',
      sourceRef: '223357',
      reference: undefined,
      firstSeen: '2021-09-18 17:39:24',
      lastSeen: '2026-07-24 13:43:48',
      confidence: 100,
      labels: ['CNNIC-ALIBABA-CN-NET-AP Hangzhou Alibaba Advertising Co.Ltd.', 'CobaltStrike'],
      malware: ['Cobalt Strike'],
      context: {
        port: 443,
        threat_type: 'botnet_cc',
        malware: 'win.cobalt_strike',
        malware_alias: ['Agentemis', 'BEACON', 'CobaltStrike', 'cobeacon'],
        reporter: 'drb_ra',
        anonymous: false,
        is_compromised: false,
      },
    });
    // "Unknown malware" is ThreatFox's word for no family, not a family.
    expect(drafts.filter((d) => d.kind === 'indicator' && d.malware?.length === 0)).toHaveLength(386);
    expect(drafts.filter((d) => d.kind === 'indicator' && d.reference)).toHaveLength(1116);
  });

  it('refuses the export cut in the middle, and the wrong shapes', async () => {
    const text = readFileSync(sharedFile(FILE), 'utf8');
    expect((await refusalOf(threatfoxFormat, text.slice(0, text.length / 2))).message).toMatch(
      /^malformed or truncated JSON/,
    );
    expect((await refusalOf(threatfoxFormat, '{"x": ')).message).toMatch(/^malformed or truncated JSON/);
    expect((await refusalOf(threatfoxFormat, JSON.stringify([ioc()]))).message).toBe(
      'not a ThreatFox export (an object keyed by IOC id): the document is not a JSON object',
    );
    expect((await refusalOf(threatfoxFormat, 'ioc,type\nevil.example,domain\n')).message).toMatch(
      /neither JSON nor a CSV/,
    );
  });
});

describe('ThreatFox: JSON records', () => {
  it('rejects what cannot be mapped, at its path (CRLF, small chunks)', async () => {
    // Integer-like keys come first in JSON.stringify's output: 1, 2, 3, 5, then "a b".
    const text = JSON.stringify({
      1: [ioc({ ioc_value: '' })],
      2: [ioc({ ioc_type: 'ja3' })],
      3: ['x'],
      'a b': [ioc({ ioc_type: undefined })],
      5: [ioc()],
    });
    expect(await draftsOfText(threatfoxFormat, text.replace(/,/g, ',\r\n'), 9)).toEqual([
      { kind: 'reject', where: '$.1[0]', reason: 'ioc_value is missing' },
      { kind: 'reject', where: '$.2[0]', reason: 'unknown ThreatFox ioc_type "ja3"' },
      { kind: 'reject', where: '$.3[0]', reason: 'not a ThreatFox IOC (an object was expected)' },
      expect.objectContaining({ kind: 'indicator', where: '$.5[0]', type: 'domain', value: 'evil.example' }),
      { kind: 'reject', where: '$["a b"][0]', reason: 'ioc_type is missing' },
    ]);
  });

  it('tags as an array, a bare IOC object, IPv6 with a port, hostile text byte-exact', async () => {
    const text = JSON.stringify({
      8: [
        ioc({
          ioc_value: '[2001:db8::1]:8443',
          ioc_type: 'ip:port',
          tags: ['t1', HOSTILE.html],
          reporter: HOSTILE.sql,
          malware_printable: HOSTILE.formula,
        }),
      ],
      9: ioc({ ioc_value: 'http://x.example/a', ioc_type: 'url', confidence_level: '75', anonymous: '1' }),
    });
    expect(await draftsOfText(threatfoxFormat, text)).toEqual([
      expect.objectContaining({
        where: '$.8[0]',
        type: 'ipv6',
        value: '2001:db8::1',
        labels: ['t1', HOSTILE.html],
        malware: [HOSTILE.formula],
        context: expect.objectContaining({ port: 8443, reporter: HOSTILE.sql }),
      }),
      expect.objectContaining({
        where: '$.9',
        type: 'url',
        value: 'http://x.example/a',
        confidence: 75,
        context: expect.objectContaining({ anonymous: true }),
      }),
    ]);
  });
});

describe('ThreatFox: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(threatfoxFormat.detect(await sampleOf(file))).toBe(format === 'threatfox');
  });
});
