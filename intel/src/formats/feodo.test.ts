import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { feodoFormat } from './feodo.js';
import {
  draftsOfFile,
  draftsOfText,
  HOSTILE,
  refusalOf,
  SAMPLE_FILES,
  sampleOf,
  tally,
} from './lib/testing.js';

const JSON_FILE = 'abusech/feodotracker-ipblocklist-2026-07-24.json';
const CSV_FILE = 'abusech/feodotracker-ipblocklist-2024-04-04.csv';
const CSV_HEAD =
  '# abuse.ch Feodo Tracker Botnet C2 IP Blocklist (CSV)\n#\n"first_seen_utc","dst_ip","dst_port","c2_status","last_online","malware"\n';
const entry = (extra: Record<string, unknown> = {}) => ({
  ip_address: '198.51.100.7',
  port: 443,
  status: 'online',
  hostname: null,
  as_number: 64500,
  as_name: 'EXAMPLE-AS',
  country: 'NL',
  first_seen: '2026-01-01 10:00:00',
  last_online: '2026-07-01',
  malware: 'QakBot',
  ...extra,
});

describe('Feodo Tracker: the real files', () => {
  it('the JSON list: 5 C2 addresses with port, status and network', async () => {
    const drafts = await draftsOfFile(feodoFormat, JSON_FILE);
    expect(tally(drafts)).toEqual({ indicator: 5, 'indicator:ipv4': 5 });
    expect(drafts[0]).toEqual({
      kind: 'indicator',
      where: '$[0]',
      type: 'ipv4',
      value: '162.243.103.246',
      firstSeen: '2022-06-04 21:24:53',
      lastSeen: '2026-03-07',
      labels: [],
      malware: ['Emotet'],
      context: {
        port: 8080,
        status: 'offline',
        threat_type: 'botnet_cc',
        as_number: 14061,
        as_name: 'DIGITALOCEAN-ASN',
        country: 'US',
      },
    });
    expect(drafts[1]).toMatchObject({
      where: '$[1]',
      value: '50.16.16.211',
      malware: ['QakBot'],
      context: { hostname: 'ec2-50-16-16-211.compute-1.amazonaws.com' },
    });
  });

  it('the CSV list: 28 C2 addresses, each with its line', async () => {
    const drafts = await draftsOfFile(feodoFormat, CSV_FILE);
    expect(tally(drafts)).toEqual({ indicator: 28, 'indicator:ipv4': 28 });
    expect(drafts[0]).toEqual({
      kind: 'indicator',
      where: 'line 10',
      type: 'ipv4',
      value: '192.9.135.73',
      firstSeen: '2023-05-23 17:51:44',
      lastSeen: '2024-04-01',
      labels: [],
      malware: ['Pikabot'],
      context: { port: 1194, status: 'online', threat_type: 'botnet_cc' },
    });
    expect(drafts.at(-1)).toMatchObject({
      where: 'line 37',
      value: '172.233.221.61',
      context: { port: 5938, status: 'offline' },
    });
  });

  it('the CSV with CRLF line ends reads the same', async () => {
    const text = readFileSync(sharedFile(CSV_FILE), 'utf8').replace(/\n/g, '\r\n');
    expect(await draftsOfText(feodoFormat, text, 100)).toEqual(await draftsOfFile(feodoFormat, CSV_FILE));
  });
});

describe('Feodo Tracker: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(feodoFormat.detect(await sampleOf(file))).toBe(format === 'feodo');
  });
});

describe('Feodo Tracker: inputs refused as a whole', () => {
  it('the JSON list cut in the middle', async () => {
    const text = readFileSync(sharedFile(JSON_FILE), 'utf8');
    expect((await refusalOf(feodoFormat, text.slice(0, text.length / 2))).message).toMatch(
      /^malformed or truncated JSON/,
    );
  });
  it.each([
    [
      'an object instead of the array',
      JSON.stringify({ data: [entry()] }),
      'not a Feodo Tracker blocklist (a JSON array): the document is not a JSON array',
    ],
    [
      'a CSV without its header',
      '# Feodo Tracker\n"2024-01-01 00:00:00","192.0.2.1","443","online","2024-01-02","Pikabot"\n',
      'not a Feodo Tracker blocklist: neither JSON nor a CSV with the dst_ip,dst_port,c2_status header',
    ],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(feodoFormat, text)).message).toBe(message);
  });
});

describe('Feodo Tracker: records that cannot be mapped are rejected where they are', () => {
  it('JSON: a missing address, an entry that is not an object', async () => {
    expect(
      await draftsOfText(feodoFormat, JSON.stringify([entry(), entry({ ip_address: null }), 7])),
    ).toEqual([
      expect.objectContaining({ kind: 'indicator', where: '$[0]' }),
      { kind: 'reject', where: '$[1]', reason: 'ip_address is missing' },
      { kind: 'reject', where: '$[2]', reason: 'not a Feodo Tracker entry (an object was expected)' },
    ]);
  });
  it('CSV: a missing address, a quote left open', async () => {
    const drafts = await draftsOfText(
      feodoFormat,
      `${CSV_HEAD}"2024-01-01 00:00:00","","443","online","2024-01-02","Pikabot"\n"2024-01-01 00:00:00","192.0.2.1","443","online","2024-01-02","Pikabot"\n`,
    );
    expect(drafts).toEqual([
      { kind: 'reject', where: 'line 4', reason: 'dst_ip is missing' },
      expect.objectContaining({ where: 'line 5', value: '192.0.2.1' }),
    ]);
    expect(
      (
        await refusalOf(
          feodoFormat,
          `${CSV_HEAD}"2024-01-01 00:00:00,192.0.2.1,443\n2024-01-02 00:00:00,192.0.2.2\n`,
        )
      ).message,
    ).toMatch(/a quoted field is never closed/);
  });
});

describe('Feodo Tracker: text is kept as received', () => {
  it('hostile text byte-exact, in JSON and CSV', async () => {
    const [json] = await draftsOfText(
      feodoFormat,
      JSON.stringify([entry({ malware: HOSTILE.html, as_name: HOSTILE.sql, hostname: HOSTILE.formula })]),
    );
    expect(json).toMatchObject({
      malware: [HOSTILE.html],
      context: { as_name: HOSTILE.sql, hostname: HOSTILE.formula },
    });
    const [csv] = await draftsOfText(
      feodoFormat,
      `${CSV_HEAD}"2024-01-01 00:00:00","192.0.2.1","443","${HOSTILE.sql}","2024-01-02","${HOSTILE.formula.replace(/"/g, '""')}"\n`,
    );
    expect(csv).toMatchObject({ malware: [HOSTILE.formula], context: { status: HOSTILE.sql } });
  });
});
