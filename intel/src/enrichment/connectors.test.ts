/**
 * Every enrichment connector against a local server replaying answers shaped as each service
 * documents them (fixtures/, written by hand from the services' API documentation), through the
 * guarded fetch of issue 36 (loopback allowed, as by default). Per service: the request it makes,
 * the summary and score adjustment of a recorded answer; for all: 429 with Retry-After, a bad key
 * (401), an answer unlike the documented one.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import { startReplayServer, type ReplayServer } from '../testing/replay-server.js';
import type { EnrichmentTarget } from './connector.js';
import { fetchAnswer, retryAfter, type Outcome } from './fetch-answer.js';
import { CONNECTORS } from './services/index.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const fetcher = guardedFetch({ allow: [], restrictPrivate: false });
const KEY = 'test-key-0123456789';
const NOW = new Date('2026-11-27T12:00:00Z');

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer();
});
afterAll(() => server.close());

async function ask(
  service: string,
  target: EnrichmentTarget,
  path: string,
  recording: Parameters<ReplayServer['route']>[1],
) {
  server.route(path, recording);
  const before = server.seen.length;
  const outcome = await fetchAnswer(CONNECTORS[service]!, target, {
    baseUrl: `${server.base}/${service}`,
    key: KEY,
    fetch: fetcher,
    now: () => NOW,
  });
  return { outcome, requests: server.seen.slice(before) };
}

const ok = (outcome: Outcome) => {
  if (outcome.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
};

describe('RDAP (RFC 9082 queries, RFC 9083 answers)', () => {
  it('reads a domain registration: registrar, dates, status', async () => {
    const { outcome, requests } = await ask(
      'rdap',
      { type: 'domain', value: 'example.com' },
      '/rdap/domain/example.com',
      { body: fixture('rdap-domain.json') },
    );
    expect(requests[0]?.headers.accept).toContain('application/rdap+json');
    expect(ok(outcome).summary).toMatchObject({
      summary: {
        kind: 'domain',
        name: 'EXAMPLE.COM',
        registrar: 'RESERVED-Internet Assigned Numbers Authority',
        registered: '1995-08-14T04:00:00Z',
        expires: '2027-08-13T04:00:00Z',
      },
      scoreDelta: 0,
      link: 'https://rdap.verisign.com/com/v1/domain/EXAMPLE.COM',
    });
    expect((ok(outcome).raw as { notices: unknown[] }).notices).toHaveLength(1);
  });

  it('reads an IP network: range, name, country', async () => {
    const { outcome } = await ask('rdap', { type: 'ipv4', value: '198.51.100.7' }, '/rdap/ip/198.51.100.7', {
      body: fixture('rdap-ip.json'),
    });
    expect(ok(outcome).summary.summary).toMatchObject({
      kind: 'ip network',
      name: 'TEST-NET-2',
      range: '198.51.100.0 – 198.51.100.255',
      country: 'US',
      registrant: 'Internet Assigned Numbers Authority',
    });
  });

  it('takes 404 as "no such object" (RFC 7480 §5.3)', async () => {
    const { outcome } = await ask(
      'rdap',
      { type: 'domain', value: 'nothing.example' },
      '/rdap/domain/nothing.example',
      { status: 404, body: '{"errorCode":404,"title":"Not Found"}' },
    );
    expect(ok(outcome).summary).toEqual({ summary: { found: false }, scoreDelta: 0 });
  });
});

describe('CIRCL passive DNS (COF, draft-dulaunoy-dnsop-passive-dns-cof)', () => {
  it('reads line-delimited records with basic authentication', async () => {
    const { outcome, requests } = await ask(
      'circl_pdns',
      { type: 'domain', value: 'example.com' },
      '/circl_pdns/example.com',
      { body: fixture('circl-pdns.ndjson'), headers: { 'content-type': 'application/x-ndjson' } },
    );
    expect(requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from(KEY).toString('base64')}`);
    expect(ok(outcome).summary.summary).toEqual({
      records: 3,
      resolutions: ['93.184.216.34', '198.51.100.7', 'a.iana-servers.net'],
      more: 0,
      first_seen: '2020-09-13T12:26:40.000Z',
      last_seen: '2025-11-25T19:46:40.000Z',
    });
    expect(ok(outcome).raw).toHaveLength(3);
  });

  it('refuses a line that is not JSON', async () => {
    const { outcome } = await ask(
      'circl_pdns',
      { type: 'domain', value: 'broken.example' },
      '/circl_pdns/broken.example',
      { body: `${fixture('circl-pdns.ndjson')}<html>` },
    );
    expect(outcome).toMatchObject({
      kind: 'failed',
      malformed: true,
      error: expect.stringMatching(/not JSON: not kept/),
    });
  });
});

describe('Shodan InternetDB', () => {
  it('reads ports, tags and vulnerabilities; a C2 tag raises the score', async () => {
    const { outcome, requests } = await ask(
      'shodan_internetdb',
      { type: 'ipv4', value: '198.51.100.7' },
      '/shodan_internetdb/198.51.100.7',
      { body: fixture('shodan-internetdb.json') },
    );
    expect(requests[0]?.headers).not.toHaveProperty('key');
    expect(ok(outcome).summary).toMatchObject({
      summary: { ports: ['22', '80', '443', '8443'], tags: ['c2', 'self-signed'], vuln_count: 2 },
      scoreDelta: 10,
    });
  });

  it('takes its documented 404 as nothing known', async () => {
    const { outcome } = await ask(
      'shodan_internetdb',
      { type: 'ipv4', value: '203.0.113.9' },
      '/shodan_internetdb/203.0.113.9',
      { status: 404, body: '{"detail":"No information available"}' },
    );
    expect(ok(outcome).summary.summary).toEqual({ found: false });
  });
});

describe('AbuseIPDB v2 /check', () => {
  it('sends the key header and reads the confidence: 100 raises the score by 15', async () => {
    const { outcome, requests } = await ask(
      'abuseipdb',
      { type: 'ipv4', value: '198.51.100.7' },
      '/abuseipdb/check?',
      { body: fixture('abuseipdb.json') },
    );
    expect(requests[0]?.url).toBe('/abuseipdb/check?ipAddress=198.51.100.7&maxAgeInDays=90');
    expect(requests[0]?.headers.key).toBe(KEY);
    expect(ok(outcome).summary).toMatchObject({
      summary: { confidence: 100, reports: 1289, isp: 'Example Hosting B.V.' },
      scoreDelta: 15,
      link: 'https://www.abuseipdb.com/check/198.51.100.7',
    });
  });
});

describe('GreyNoise community /v3/community', () => {
  it('reads a malicious classification (+10)', async () => {
    const { outcome, requests } = await ask(
      'greynoise',
      { type: 'ipv4', value: '198.51.100.7' },
      '/greynoise/198.51.100.7',
      { body: fixture('greynoise.json') },
    );
    expect(requests[0]?.headers.key).toBe(KEY);
    expect(ok(outcome).summary).toMatchObject({
      summary: { classification: 'malicious', noise: true },
      scoreDelta: 10,
    });
  });

  it('reads its 404 "not observed" answer by the same schema', async () => {
    const { outcome } = await ask(
      'greynoise',
      { type: 'ipv4', value: '203.0.113.9' },
      '/greynoise/203.0.113.9',
      { status: 404, body: fixture('greynoise-404.json') },
    );
    expect(ok(outcome).summary).toMatchObject({ summary: { classification: 'not observed' }, scoreDelta: 0 });
  });
});

describe('VirusTotal v3', () => {
  it('asks /ip_addresses with x-apikey: 12 engines raise the score by 20', async () => {
    const { outcome, requests } = await ask(
      'virustotal',
      { type: 'ipv4', value: '198.51.100.7' },
      '/virustotal/ip_addresses/198.51.100.7',
      { body: fixture('virustotal-ip.json') },
    );
    expect(requests[0]?.headers['x-apikey']).toBe(KEY);
    expect(ok(outcome).summary).toMatchObject({
      summary: { malicious: 12, harmless: 61 },
      scoreDelta: 20,
      link: 'https://www.virustotal.com/gui/ip-address/198.51.100.7',
    });
  });

  it('asks /urls/<unpadded base64url>: a clean verdict lowers the score by 5', async () => {
    const id = Buffer.from('http://bad.example/login').toString('base64url');
    expect(id).not.toContain('=');
    const { outcome } = await ask(
      'virustotal',
      { type: 'url', value: 'http://bad.example/login' },
      `/virustotal/urls/${id}`,
      { body: fixture('virustotal-url.json') },
    );
    expect(ok(outcome).summary.scoreDelta).toBe(-5);
  });
});

describe('urlscan.io /api/v1/search', () => {
  it('searches by quoted domain and summarises the scans', async () => {
    const { outcome, requests } = await ask(
      'urlscan',
      { type: 'domain', value: 'bad.example' },
      '/urlscan/search/',
      { body: fixture('urlscan.json') },
    );
    expect(new URL(requests[0]!.url, 'http://x').searchParams.get('q')).toBe('domain:"bad.example"');
    expect(requests[0]?.headers['api-key']).toBe(KEY);
    expect(ok(outcome).summary).toMatchObject({
      summary: { scans: 1, newest_url: 'https://bad.example/login', servers: ['nginx'] },
      scoreDelta: 0,
    });
  });
});

const TARGETS: Record<string, [EnrichmentTarget, string]> = {
  rdap: [{ type: 'ipv4', value: '192.0.2.1' }, '/rdap/ip/192.0.2.1'],
  circl_pdns: [{ type: 'ipv4', value: '192.0.2.1' }, '/circl_pdns/192.0.2.1'],
  shodan_internetdb: [{ type: 'ipv4', value: '192.0.2.1' }, '/shodan_internetdb/192.0.2.1'],
  abuseipdb: [{ type: 'ipv4', value: '192.0.2.1' }, '/abuseipdb/check?ipAddress=192.0.2.1'],
  greynoise: [{ type: 'ipv4', value: '192.0.2.1' }, '/greynoise/192.0.2.1'],
  virustotal: [{ type: 'ipv4', value: '192.0.2.1' }, '/virustotal/ip_addresses/192.0.2.1'],
  urlscan: [{ type: 'ipv4', value: '192.0.2.1' }, '/urlscan/search/'],
};

describe.each(Object.entries(TARGETS))(
  '%s: quotas, bad keys, malformed answers',
  (service, [target, path]) => {
    it('a 429 with Retry-After in seconds waits that long', async () => {
      const { outcome } = await ask(service, target, path, {
        status: 429,
        headers: { 'retry-after': '120' },
        body: fixture('abuseipdb-429.json'),
      });
      expect(outcome).toEqual({
        kind: 'rate_limited',
        retryAt: new Date('2026-11-27T12:02:00Z'),
        error: expect.stringContaining('rate-limited until 2026-11-27T12:02:00.000Z'),
      });
    });

    it('a 401 says the key was refused', async () => {
      const { outcome } = await ask(service, target, path, {
        status: 401,
        body: fixture('abuseipdb-401.json'),
      });
      expect(outcome).toMatchObject({
        kind: 'failed',
        error: expect.stringMatching(/refused the API key \(HTTP 401\)/),
      });
    });

    it('an answer unlike the documented one is not kept', async () => {
      const { outcome } = await ask(service, target, path, {
        body: service === 'circl_pdns' ? '{"rrname": 42}' : '{"data": {"unexpected": true}, "ip": 7}',
      });
      expect(outcome).toMatchObject({
        kind: 'failed',
        malformed: true,
        error: expect.stringMatching(/unlike its documented one .*: not kept/),
      });
      expect(outcome).not.toHaveProperty('raw');
    });
  },
);

describe('requests', () => {
  it('a keyed service without a key sends nothing', async () => {
    const before = server.seen.length;
    const outcome = await fetchAnswer(
      CONNECTORS.abuseipdb!,
      { type: 'ipv4', value: '192.0.2.1' },
      { baseUrl: server.base, fetch: fetcher },
    );
    expect(outcome).toEqual({ kind: 'failed', error: 'abuseipdb has no API key set.' });
    expect(server.seen.length).toBe(before);
  });

  it('the outbound guard still decides: a metadata address is refused', async () => {
    const outcome = await fetchAnswer(
      CONNECTORS.shodan_internetdb!,
      { type: 'ipv4', value: '192.0.2.1' },
      { baseUrl: 'http://169.254.169.254', fetch: fetcher },
    );
    expect(outcome).toMatchObject({ kind: 'refused', error: expect.stringMatching(/link-local/) });
  });

  it('Retry-After as an HTTP date, and bounds', () => {
    expect(retryAfter('Fri, 27 Nov 2026 12:10:00 GMT', NOW).toISOString()).toBe('2026-11-27T12:10:00.000Z');
    expect(retryAfter(null, NOW).toISOString()).toBe('2026-11-27T12:01:00.000Z');
    expect(retryAfter('9999999', NOW).toISOString()).toBe('2026-11-28T12:00:00.000Z');
  });
});
