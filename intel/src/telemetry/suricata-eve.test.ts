import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { suricataEve } from './suricata-eve.js';
import {
  countBy,
  FIXTURES,
  headOf,
  HOSTILE_AGENT,
  HOSTILE_SQL,
  itemsOfFixture,
  itemsOfText,
  observableList,
} from './telemetry-testing.js';

const SLIPS = 'suricata-eve-slips-test6-malicious.json.gz';
const SUREVEGO = 'suricata-eve-surevego-apt-2017.json';
const eve = (fields: Record<string, unknown>) =>
  JSON.stringify({ timestamp: '2026-01-05T10:00:00.000001+0000', event_type: 'flow', ...fields });

describe('Suricata EVE: the Slips capture (5,000 events)', async () => {
  const parsed = await itemsOfFixture(suricataEve, SLIPS);
  const byFlow = (flowId: number, eventType: string) =>
    parsed.events.find((e) => e.context.flow_id === flowId && e.eventType === eventType);

  it('has the event types PROVENANCE.md counts, no rejects, batches of at most 1000', () => {
    expect(parsed.rejects).toEqual([]);
    expect(countBy(parsed.events, (e) => e.eventType)).toEqual({
      flow: 3512,
      alert: 745,
      dns: 680,
      http: 56,
      fileinfo: 3,
      anomaly: 3,
      tls: 1,
    });
    expect(Math.max(...parsed.batchSizes)).toBeLessThanOrEqual(1000);
    expect(parsed.batchSizes.reduce((a, b) => a + b)).toBe(5000);
  });

  it('names the sensor from the EVE host field', () => {
    expect(countBy(parsed.events, (e) => e.sensor)).toEqual({ 'stratosphere.org': 5000 });
  });

  it('an alert line: UTC time, tuple, both addresses and the signature', () => {
    expect(parsed.events[0]).toEqual({
      kind: 'event',
      where: 'line 1',
      sensor: 'stratosphere.org',
      time: '2021-06-06T13:59:46.457984Z',
      eventType: 'alert',
      srcIp: '78.36.196.213',
      srcPort: 51698,
      destIp: '192.168.1.129',
      destPort: 445,
      proto: 'tcp',
      observables: [
        { type: 'ipv4', value: '78.36.196.213', role: 'src' },
        { type: 'ipv4', value: '192.168.1.129', role: 'dest' },
      ],
      context: {
        flow_id: 1374195536821504,
        signature: 'ET CINS Active Threat Intelligence Poor Reputation IP group 89',
        signature_id: 2403388,
        category: 'Misc Attack',
        severity: 2,
        action: 'allowed',
        bytes_toserver: 60,
        bytes_toclient: 0,
      },
    });
  });

  it('a DNS answer: the question and every A and CNAME in the chain', () => {
    const answer = parsed.events.find(
      (e) => e.context.flow_id === 1419339999887459 && e.context.dns_type === 'answer',
    );
    expect(observableList(answer)).toEqual([
      'domain answer ddns.myedimax.com',
      'domain answer ns.myedimax.com',
      'domain query www.myedimax.com',
      'ipv4 answer 122.248.252.67',
      'ipv4 dest 192.168.1.1',
      'ipv4 src 192.168.1.129',
    ]);
    expect(answer?.context).toMatchObject({ dns_type: 'answer', rrtype: 'A', rcode: 'NOERROR' });
  });

  it('HTTP: the Host and the URL, with the port when it is not 80', () => {
    expect(observableList(byFlow(1300129227356448, 'http'))).toContain('url url http://147.32.82.197/');
    const rtsp = byFlow(482525783043092, 'http');
    expect(observableList(rtsp)).toEqual([
      'ipv4 dest 192.168.1.129',
      'ipv4 host 147.32.82.197',
      'ipv4 src 162.142.125.53',
      'url url http://147.32.82.197:554/',
    ]);
    expect(rtsp?.context).toMatchObject({ method: 'GET', status: 404 });
    // The fileinfo record of the same request runs server → client and gives the same URL.
    expect(observableList(byFlow(482525783043092, 'fileinfo'))).toContain(
      'url url http://147.32.82.197:554/',
    );
  });

  it('TLS: the SNI, the certificate SHA-1 and the JA3/JA3S fingerprints', () => {
    const tls = parsed.events.find((e) => e.eventType === 'tls');
    expect(observableList(tls)).toEqual([
      'domain sni www.myedimax.com',
      'ipv4 dest 122.248.252.67',
      'ipv4 src 192.168.1.129',
      'ja3 fingerprint b7202231ff2db28363c109cedc6d1642',
      'ja3s fingerprint ad90cab724fafab2660fbf61673c91a9',
      'sha1 hash 2dd19f809986fcac5f2a2afda3f37e967cdd2437',
    ]);
    expect(tls?.context).toMatchObject({ tls_version: 'TLS 1.1', ja3: 'b7202231ff2db28363c109cedc6d1642' });
  });
});

describe('Suricata EVE: the surevego capture (BSD-3)', async () => {
  const parsed = await itemsOfFixture(suricataEve, SUREVEGO);

  it('parses all 266 events with no rejects, named after the file (no host field)', () => {
    expect(parsed.rejects).toEqual([]);
    expect(countBy(parsed.events, (e) => e.eventType)).toEqual({
      alert: 68,
      http: 68,
      fileinfo: 68,
      dns: 48,
      flow: 13,
      stats: 1,
    });
    expect(countBy(parsed.events, (e) => e.sensor)).toEqual({ 'suricata-eve-surevego-apt-2017': 266 });
  });

  it('reads EVE v1 DNS answers (one rdata per record)', () => {
    expect(observableList(parsed.events[4])).toContain('ipv4 answer 151.101.12.204');
  });

  it('alerts carry the HTTP request they fired on', () => {
    const alert = parsed.events.find((e) => e.eventType === 'alert');
    expect(alert?.context).toMatchObject({ signature_id: 2013504, category: 'Not Suspicious Traffic' });
    expect(observableList(alert)).toContain(
      'url url http://deb.debian.org/debian/pool/main/p/perl/perl-base_5.24.1-1_amd64.deb',
    );
    expect(observableList(alert)).toContain('domain host deb.debian.org');
  });

  it("http, fileinfo and alert records carry the client's user agent as an observable", () => {
    const withAgent = parsed.events.filter((e) => e.observables.some((o) => o.type === 'user-agent'));
    expect(countBy(withAgent, (e) => e.eventType)).toEqual({ alert: 68, http: 68, fileinfo: 68 });
    expect(
      countBy(
        withAgent.flatMap((e) => e.observables.filter((o) => o.type === 'user-agent')),
        (o) => `${o.role} ${o.value}`,
      ),
    ).toEqual({ 'user-agent Debian APT-HTTP/1.3 (1.4~beta3)': 204 });
  });

  it('feeding the file 7 bytes at a time gives the same items', async () => {
    const text = readFileSync(sharedFile(FIXTURES, SUREVEGO), 'utf8');
    const chunked = await itemsOfText(suricataEve, text, { chunk: 7, fileName: SUREVEGO });
    expect(chunked.items).toEqual(parsed.items);
  });
});

describe('Suricata EVE: records', () => {
  it('fileinfo hashes (Suricata 7, force-hash on) and alert `files`', async () => {
    const md5 = 'D41D8CD98F00B204E9800998ECF8427E';
    const sha1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
    const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const { events } = await itemsOfText(
      suricataEve,
      [
        eve({ event_type: 'fileinfo', fileinfo: { filename: '/a.exe', md5, sha1, sha256, size: 0 } }),
        eve({ event_type: 'alert', files: [{ sha256 }], alert: { signature: 'x' } }),
      ].join('\n'),
    );
    expect(observableList(events[0])).toEqual([
      `md5 hash ${md5.toLowerCase()}`,
      `sha1 hash ${sha1}`,
      `sha256 hash ${sha256}`,
    ]);
    expect(events[0]?.context).toMatchObject({ filename: '/a.exe', size: 0 });
    expect(observableList(events[1])).toEqual([`sha256 hash ${sha256}`]);
  });

  it('Suricata 8 DNS (v3: queries and answers lists), grouped answers, IPv6', async () => {
    const { events } = await itemsOfText(
      suricataEve,
      [
        eve({
          event_type: 'dns',
          src_ip: '2001:DB8::1',
          dest_ip: 'fe80::1%eth0',
          dns: {
            version: 3,
            type: 'response',
            queries: [{ rrname: 'Evil.Example.COM.', rrtype: 'AAAA' }],
            answers: [{ rrname: 'evil.example.com', rrtype: 'AAAA', rdata: '2001:db8:0:0::5' }],
          },
        }),
        eve({
          event_type: 'dns',
          dns: { type: 'answer', rrname: 'a.example', grouped: { A: ['192.0.2.9'] } },
        }),
      ].join('\n'),
    );
    // The scoped link-local address is no indicator value: dropped, the event kept.
    expect(observableList(events[0])).toEqual([
      'domain query evil.example.com',
      'ipv6 answer 2001:db8::5',
      'ipv6 src 2001:db8::1',
    ]);
    expect(events[0]?.context).toMatchObject({ rrtype: 'AAAA' });
    expect(observableList(events[1])).toEqual(['domain query a.example', 'ipv4 answer 192.0.2.9']);
  });

  it('Suricata 8 TLS and QUIC with JA4 (a string) beside JA3 (an object); a malformed one is dropped', async () => {
    const { events, rejects } = await itemsOfText(
      suricataEve,
      [
        eve({
          event_type: 'tls',
          tls: {
            sni: 'cdn.example',
            ja3: { hash: 'E7ECA2BAF4458D095B7F45DA28C16C34', string: '771,4865-4866,0-23,29,0' },
            ja4: 't13d1516h2_8daaf6152771_b186095e22b6',
          },
        }),
        eve({ event_type: 'quic', quic: { sni: 'q.example', ja4: 'q13d0310h3_55b375c5d22e_cd85d2d88918' } }),
        eve({ event_type: 'tls', tls: { ja3: { hash: 'not-md5' }, ja4: 't13d1516h2' } }),
      ].join('\n'),
    );
    expect(rejects).toEqual([]);
    expect(observableList(events[0])).toEqual([
      'domain sni cdn.example',
      'ja3 fingerprint e7eca2baf4458d095b7f45da28c16c34',
      'ja4 fingerprint t13d1516h2_8daaf6152771_b186095e22b6',
    ]);
    expect(observableList(events[1])).toEqual([
      'domain sni q.example',
      'ja4 fingerprint q13d0310h3_55b375c5d22e_cd85d2d88918',
    ]);
    expect(observableList(events[2])).toEqual([]);
  });

  it('HTTP without Host, with a Host port, and as a proxy request', async () => {
    const http = (fields: Record<string, unknown>) =>
      eve({ event_type: 'http', src_ip: '10.0.0.2', dest_ip: '203.0.113.5', dest_port: 8080, http: fields });
    const { events } = await itemsOfText(
      suricataEve,
      [
        http({ url: '/gate.php?id=1' }),
        http({ hostname: 'c2.example.net:8443', url: '/x' }),
        http({ hostname: 'proxy.example', url: 'http://Target.Example/a b' }),
        http({ hostname: 'tunnel.example', url: 'tunnel.example:443', http_method: 'CONNECT' }),
      ].join('\n'),
    );
    const urls = events.map((e) => e.observables.filter((o) => o.role === 'url').map((o) => o.value));
    expect(urls).toEqual([
      ['http://203.0.113.5:8080/gate.php?id=1'],
      ['http://c2.example.net:8443/x'],
      ['http://target.example/a%20b'],
      [],
    ]);
  });

  it('names the sensor: the context first, then host, then in_iface, then the file', async () => {
    const text = [eve({ host: 'sensor-a', in_iface: 'eth1' }), eve({ in_iface: 'eth1' }), eve({})].join('\n');
    const named = await itemsOfText(suricataEve, text, { fileName: 'dmz-eve.json.gz' });
    expect(named.events.map((e) => e.sensor)).toEqual(['sensor-a', 'eth1', 'dmz-eve']);
    const forced = await itemsOfText(suricataEve, text, { sensor: 'edge-1' });
    expect(forced.events.map((e) => e.sensor)).toEqual(['edge-1', 'edge-1', 'edge-1']);
  });

  it('rejects malformed lines with their line number and parses the rest', async () => {
    const text = [
      eve({ src_ip: '192.0.2.1' }),
      '{"timestamp": "2026-01-05T10:00:00Z", "event_type": "flow"',
      '',
      JSON.stringify({ event_type: 'flow' }),
      eve({ timestamp: '2026-02-30T10:00:00Z' }),
      JSON.stringify({ timestamp: '2026-01-05T10:00:00Z' }),
      '[1,2]',
      'garbage',
      eve({ src_ip: '192.0.2.2' }),
    ].join('\r\n');
    const { events, rejects } = await itemsOfText(suricataEve, text);
    expect(events.map((e) => `${e.where} ${e.srcIp}`)).toEqual(['line 1 192.0.2.1', 'line 9 192.0.2.2']);
    expect(rejects.map((r) => `${r.where}: ${r.reason.replace(/:.*/, '')}`)).toEqual([
      'line 2: not JSON',
      'line 4: no timestamp',
      'line 5: unreadable timestamp "2026-02-30T10',
      'line 6: no event_type',
      'line 7: not a JSON object',
      'line 8: not JSON',
    ]);
  });

  it('keeps hostile text raw in context and never throws on it', async () => {
    const http = (fields: Record<string, unknown>) =>
      eve({ event_type: 'http', src_ip: '10.0.0.2', dest_ip: '203.0.113.5', dest_port: 80, http: fields });
    const { events, rejects } = await itemsOfText(
      suricataEve,
      [
        http({
          hostname: 'shop.example.com',
          url: `/login?user=${HOSTILE_SQL}`,
          http_user_agent: HOSTILE_AGENT,
        }),
        http({ hostname: '<img src=x onerror=alert(1)>', url: '/', http_method: HOSTILE_SQL }),
      ].join('\n'),
    );
    expect(rejects).toEqual([]);
    expect(events[0]?.context.user_agent).toBe(HOSTILE_AGENT);
    expect(observableList(events[0])).toEqual([
      'domain host shop.example.com',
      'ipv4 dest 203.0.113.5',
      'ipv4 src 10.0.0.2',
      'url url http://shop.example.com/login?user=%27%20OR%201=1;%20drop%20table%20users;--',
      // Raw, as the sensor saw it: a user-agent indicator is matched byte for byte (and rendered inert).
      'user-agent user-agent <script>alert(1)</script>',
    ]);
    // A Host that is no name gives neither a host nor a URL: no request URL can be formed from it.
    expect(observableList(events[1])).toEqual(['ipv4 dest 203.0.113.5', 'ipv4 src 10.0.0.2']);
    expect(events[1]?.context.method).toBe(HOSTILE_SQL);
  });

  it('reads lines with the `@cee:` syslog prefix', async () => {
    const { events } = await itemsOfText(suricataEve, `@cee: ${eve({ src_ip: '192.0.2.7' })}`);
    expect(events[0]?.srcIp).toBe('192.0.2.7');
  });
});

describe('Suricata EVE: detection', () => {
  it('recognises EVE files and nothing else', async () => {
    expect(suricataEve.detect({ fileName: SLIPS, head: await headOf(SLIPS) })).toBe(true);
    expect(suricataEve.detect({ fileName: SUREVEGO, head: await headOf(SUREVEGO) })).toBe(true);
    for (const name of ['zeek-json-slips-test9-conn.log', 'zeek-tsv-ctu-sme-11-conn.log.labeled'])
      expect(suricataEve.detect({ fileName: name, head: await headOf(name) })).toBe(false);
    for (const head of ['', 'hello\n', '{"timestamp":"x"}\n', '[{"event_type":"alert"}]', '{"event_type":'])
      expect(suricataEve.detect({ fileName: 'x.json', head })).toBe(false);
  });

  it('recognises a first record longer than the sample by its keys', () => {
    const head = `{"timestamp":"2026-01-05T10:00:00Z","event_type":"stats","stats":{"x":"${'a'.repeat(70_000)}`;
    expect(suricataEve.detect({ fileName: 'eve.json', head: head.slice(0, 65536) })).toBe(true);
  });
});
