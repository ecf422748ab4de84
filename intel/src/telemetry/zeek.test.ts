import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { sharedFile } from '../testing/shared-data.js';
import {
  countBy,
  FIXTURES,
  headOf,
  HOSTILE_AGENT,
  itemsOfFixture,
  itemsOfText,
  observableList,
} from './telemetry-testing.js';
import { zeek } from './zeek.js';

const BASE_TIME = '2024-05-01T12:00:00Z';
const CTU_CONN = 'zeek-tsv-ctu-sme-11-conn.log.labeled';
const CTU_DNS = 'zeek-tsv-ctu-sme-11-dns.log.labeled';
const HEADER = [
  '#separator \\x09',
  '#set_separator\t,',
  '#empty_field\t(empty)',
  '#unset_field\t-',
  '#path\thttp',
  '#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\thost\turi\tuser_agent\ttags',
  '#types\ttime\tstring\taddr\tport\taddr\tport\tstring\tstring\tstring\tset[string]',
].join('\n');
const row = (...fields: string[]) => ['1700000000.000001', 'Cabc', '10.0.0.5', '50000', ...fields].join('\t');

describe('Zeek TSV: the real logs', () => {
  it('WRCCDC dns.log (gzip): 53,615 rows, questions and answers', async () => {
    const { events, rejects } = await itemsOfFixture(zeek, 'zeek-tsv-wrccdc-2018-dns.log.gz');
    expect(rejects).toEqual([]);
    expect(events).toHaveLength(53_615);
    expect(countBy(events, (e) => `${e.eventType} ${e.sensor}`)).toEqual({
      'dns zeek-tsv-wrccdc-2018-dns': 53_615,
    });
    expect(events[0]).toEqual({
      kind: 'event',
      where: 'line 9',
      sensor: 'zeek-tsv-wrccdc-2018-dns',
      time: '2018-03-24T17:15:20.865716Z',
      eventType: 'dns',
      srcIp: '10.47.1.100',
      srcPort: 41772,
      destIp: '10.0.0.100',
      destPort: 53,
      proto: 'udp',
      observables: [
        { type: 'ipv4', value: '10.47.1.100', role: 'src' },
        { type: 'ipv4', value: '10.0.0.100', role: 'dest' },
        { type: 'domain', value: 'ise.wrccdc.org', role: 'query' },
        { type: 'domain', value: 'ise.wrccdc.cpp.edu', role: 'answer' },
        { type: 'ipv4', value: '134.71.3.16', role: 'answer' },
      ],
      context: { uid: 'CqKst53mF3det3eDV9', rrtype: 'A', rcode: 'NOERROR' },
    });
  });

  it('WRCCDC ssl.log (gzip): 49,474 rows, SNI and the leaf certificate SHA-256', async () => {
    const { events, rejects } = await itemsOfFixture(zeek, 'zeek-tsv-wrccdc-2018-ssl.log.gz');
    expect(rejects).toEqual([]);
    expect(events).toHaveLength(49_474);
    expect(observableList(events[0])).toEqual([
      'ipv4 dest 10.47.3.200',
      'ipv4 src 10.164.94.120',
      'sha256 hash b2dafbcdbc75210672f137f27ce882ccb799887631655d4f11191d5a678e44fe',
    ]);
    expect(events[0]?.context).toMatchObject({
      tls_version: 'TLSv10',
      validation_status: 'unable to get local issuer certificate',
    });
    const withSni = events.filter((e) => e.observables.some((o) => o.role === 'sni'));
    expect(withSni.length).toBeGreaterThan(1000);
    expect(observableList(withSni[0])).toContain('domain sni ise.wrccdc.org');
  });

  it('CTU conn.log with expert labels: 766 rows, 719 to the RemcosRAT server', async () => {
    const { events, rejects } = await itemsOfFixture(zeek, CTU_CONN);
    expect(rejects).toEqual([]);
    expect(events).toHaveLength(766);
    const remcos = events.filter((e) => e.destIp === '66.63.168.35' && e.destPort === 5888);
    expect(remcos).toHaveLength(719);
    expect(countBy(remcos, (e) => String(e.context.label))).toEqual({ Malicious: 719 });
    expect(remcos[0]).toMatchObject({
      time: '2023-02-22T00:00:03.714845Z',
      eventType: 'conn',
      proto: 'tcp',
      context: {
        uid: 'C6SgKom3WB2KEL2ae',
        conn_state: 'REJ',
        detailedlabel: 'From_malicious-To_malicious-Malware_data_exfiltration-RemcosRAT',
      },
    });
  });

  it('CTU dns.log: 22 rows; a single-label query is no observable, the event stays', async () => {
    const { events, rejects } = await itemsOfFixture(zeek, CTU_DNS);
    expect(rejects).toEqual([]);
    expect(events).toHaveLength(22);
    expect(observableList(events[0])).toEqual(['ipv4 dest 224.0.0.252', 'ipv4 src 192.168.1.107']);
    expect(events[0]?.context).toMatchObject({ rrtype: '*', label: 'Benign' });
  });

  it('feeding a file 7 bytes at a time gives the same items', async () => {
    const text = readFileSync(sharedFile(FIXTURES, CTU_DNS), 'utf8');
    const whole = await itemsOfText(zeek, text, { fileName: CTU_DNS });
    const chunked = await itemsOfText(zeek, text, { fileName: CTU_DNS, chunk: 7 });
    expect(chunked.items).toEqual(whole.items);
    expect(whole.events).toHaveLength(22);
  });
});

describe('Zeek JSON: the Slips logs (relative ts)', () => {
  it.each([
    ['conn', 576],
    ['dns', 239],
    ['http', 516],
  ])('%s.log: %i rows, the log path from the file name, dated from the base time', async (path, count) => {
    const name = `zeek-json-slips-test9-${path}.log`;
    const { events, rejects } = await itemsOfFixture(zeek, name, { baseTime: BASE_TIME });
    expect(rejects).toEqual([]);
    expect(countBy(events, (e) => e.eventType)).toEqual({ [path]: count });
    const times = events.map((e) => e.time).sort();
    expect(times[0]! >= '2024-05-01T12:00:18').toBe(true);
    expect(times.at(-1)! <= '2024-05-01T12:04:33').toBe(true);
  });

  it('a Mozi payload fetch: host, URL and user agent', async () => {
    const { events } = await itemsOfFixture(zeek, 'zeek-json-slips-test9-http.log', { baseTime: BASE_TIME });
    const mozi = events.find((e) => e.observables.some((o) => o.value === 'http://103.41.26.58/Mozi.m'));
    expect(mozi).toMatchObject({
      where: 'line 2',
      time: '2024-05-01T12:00:30.044629Z',
      srcIp: '10.0.2.15',
      destIp: '195.113.232.73',
      destPort: 80,
      context: { uid: 'CeXwwk4XHhkKHn7kag', method: 'GET', status: 200, user_agent: 'Microsoft NCSI' },
    });
    expect(observableList(mozi)).toContain('ipv4 host 103.41.26.58');
  });

  it('without a base time every relative line is rejected, saying why', async () => {
    const { events, rejects } = await itemsOfFixture(zeek, 'zeek-json-slips-test9-dns.log');
    expect(events).toEqual([]);
    expect(rejects).toHaveLength(239);
    expect(rejects[0]).toEqual({
      kind: 'reject',
      where: 'line 1',
      reason: 'ts "29.557741" counts seconds from the start of the capture; give a base time to date it',
    });
  });

  it('refuses a base time that is not a date when the input is read', async () => {
    await expect(
      itemsOfText(zeek, '{"ts":1,"uid":"C","id.orig_h":"10.0.0.1"}', { baseTime: 'soon' }),
    ).rejects.toThrow(InputRefused);
  });
});

describe('Zeek: records', () => {
  it('TSV: escapes, sets, unset and empty fields, the sensor from the context', async () => {
    const text = [
      HEADER,
      row('203.0.113.9', '8080', 'C2.Example.net', '/a\\x20b', `${HOSTILE_AGENT}\\xc3\\xa9`, 'x,y'),
      row('203.0.113.9', '80', '-', '/', '(empty)', '(empty)'),
      '#close\t2024-01-01-00-00-00',
    ].join('\n');
    const { events, rejects } = await itemsOfText(zeek, text, { sensor: 'branch-7' });
    expect(rejects).toEqual([]);
    expect(events[0]).toMatchObject({
      where: 'line 8',
      sensor: 'branch-7',
      eventType: 'http',
      destPort: 8080,
    });
    expect(events[0]?.context.user_agent).toBe(`${HOSTILE_AGENT}é`);
    expect(observableList(events[0])).toEqual([
      'domain host c2.example.net',
      'ipv4 dest 203.0.113.9',
      'ipv4 src 10.0.0.5',
      'url url http://c2.example.net:8080/a%20b',
    ]);
    // No Host header: the URL names the server address; an empty user agent is no context.
    expect(observableList(events[1])).toContain('url url http://203.0.113.9/');
    expect(events[1]?.context.user_agent).toBeUndefined();
  });

  it('rejects rows that do not fit the header, with their line, and goes on', async () => {
    const text = [
      row('203.0.113.9', '80', 'a.example', '/'),
      HEADER,
      row('203.0.113.9', '80', 'a.example', '/', '-'),
      row('203.0.113.9', '80', 'a.example', '/', '-', '-').replace('1700000000.000001', 'yesterday'),
      row('203.0.113.9', '80', 'a.example', '/', '-', '-'),
      '{"ts": 1700000000.5, "uid": ',
    ].join('\n');
    const { events, rejects } = await itemsOfText(zeek, text);
    expect(events.map((e) => e.where)).toEqual(['line 11']);
    expect(rejects.map((r) => `${r.where}: ${r.reason.replace(/:.*/, '')}`)).toEqual([
      'line 1: a record before the #fields header',
      'line 9: 9 fields where the #fields header has 10',
      'line 10: unreadable ts "yesterday"',
      'line 12: not JSON',
    ]);
  });

  it('JSON: `_path`, a nested id, files.log hashes and smtp.log addresses', async () => {
    const md5 = '44d88612fea8a8f36de82e1278abb02f';
    const text = [
      JSON.stringify({
        _path: 'files',
        ts: 1700000000,
        fuid: 'F1',
        md5,
        tx_hosts: ['198.51.100.1'],
        rx_hosts: ['10.0.0.5'],
      }),
      JSON.stringify({
        ts: '2023-11-14T22:13:20.5Z',
        uid: 'C2',
        id: { orig_h: '10.0.0.5', orig_p: 1, resp_h: '192.0.2.25', resp_p: 25 },
        mailfrom: '<Phish@Evil.Example>',
        rcptto: ['bob@corp.example'],
      }),
    ].join('\n');
    const { events } = await itemsOfText(zeek, text, { fileName: 'mixed.log' });
    expect(events[0]?.eventType).toBe('files');
    expect(observableList(events[0])).toEqual([
      'ipv4 dest 10.0.0.5',
      'ipv4 src 198.51.100.1',
      `md5 hash ${md5}`,
    ]);
    expect(events[1]).toMatchObject({
      eventType: 'unknown',
      time: '2023-11-14T22:13:20.500000Z',
      destPort: 25,
    });
    expect(observableList(events[1])).toEqual([
      'email email Phish@evil.example',
      'email email bob@corp.example',
      'ipv4 dest 192.0.2.25',
      'ipv4 src 10.0.0.5',
    ]);
  });

  it('guesses the log path from the fields when the file name does not say', async () => {
    const text = JSON.stringify({
      ts: 1700000000,
      uid: 'C',
      'id.orig_h': '10.0.0.5',
      query: 'x.example',
      qtype_name: 'A',
    });
    const { events } = await itemsOfText(zeek, text, { fileName: 'export.json' });
    expect(events[0]?.eventType).toBe('dns');
  });
});

describe('Zeek: detection', () => {
  it('recognises TSV and JSON logs and nothing else', async () => {
    for (const name of [CTU_CONN, 'zeek-tsv-wrccdc-2018-ssl.log.gz', 'zeek-json-slips-test9-http.log'])
      expect(zeek.detect({ fileName: name, head: await headOf(name) })).toBe(true);
    const eve = 'suricata-eve-surevego-apt-2017.json';
    expect(zeek.detect({ fileName: eve, head: await headOf(eve) })).toBe(false);
    for (const head of ['', '# a comment\n', 'ts,uid\n1,2\n', '{"ts": 1}\n', '{"ts":'])
      expect(zeek.detect({ fileName: 'conn.log', head })).toBe(false);
  });
});
