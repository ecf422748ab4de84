import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Draft, IndicatorDraft } from '../model/drafts.js';
import { canonicalIndicator } from '../normalise/index.js';
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
import { phishingListFormat as format } from './phishing-list.js';

const ALL = 'phishing/polkadot-js-phishing-all.json.gz';
const META_JAN = 'phishing/polkadot-js-phishing-meta-2026-01.json';
const META_FEB = 'phishing/polkadot-js-phishing-meta-2026-02.json';
const TRAILS = 'phishing/maltrail-evilginx-trails.txt';

const indicators = (drafts: Draft[]) => drafts.filter((d): d is IndicatorDraft => d.kind === 'indicator');
/** The rows the pipeline would keep: canonical values, one per type and value. */
function canonicalKeys(drafts: Draft[]): Set<string> {
  const keys = new Set<string>();
  for (const d of indicators(drafts)) {
    const canonical = canonicalIndicator(d.type, d.value);
    if (!canonical.ok) throw new Error(`${d.where}: ${canonical.reason}`);
    keys.add(`${d.type} ${canonical.value}`);
  }
  return keys;
}

describe('polkadot-js phishing list: all.json', async () => {
  const drafts = await draftsOfFile(format, ALL);

  it('deny: 54,863 hosts (54,859 names, 4 IP addresses), denySub: 2 URLs, allow: 29 ignored', () => {
    expect(tally(drafts)).toEqual({
      ignored: 29,
      indicator: 54_865,
      'indicator:domain': 54_859,
      'indicator:ipv4': 4,
      'indicator:url': 2,
    });
    expect(drafts.filter((d) => d.where.startsWith('$.deny[')).length).toBe(54_863);
    expect(drafts.filter((d) => d.kind === 'ignored').map((d) => d.where)).toEqual(
      Array.from({ length: 29 }, (_, i) => `$.allow[${i}]`),
    );
    expect(drafts[29]).toEqual({
      kind: 'indicator',
      where: '$.deny[0]',
      type: 'domain',
      value: '0-chain.com',
      labels: ['phishing'],
      context: { threat_type: 'phishing', list: 'deny' },
    });
    expect(drafts.find((d) => d.where === '$.deny[80]')).toMatchObject({
      type: 'ipv4',
      value: '104.168.169.107',
    });
    expect(drafts.at(-1)).toMatchObject({ where: '$.denySub[1]', type: 'url', value: 'x.com/AcalaNetworks' });
  });

  it('the counts are those of the file itself', () => {
    const raw = JSON.parse(gunzipSync(readFileSync(sharedFile(ALL))).toString('utf8')) as Record<
      string,
      unknown[]
    >;
    expect([raw.allow!.length, raw.deny!.length, raw.denySub!.length]).toEqual([29, 54_863, 2]);
  });

  it('every entry canonicalises; trailing dots and Unicode spellings fold into 54,029 indicators', () => {
    // 816 deny entries are `name.` beside `name`, 20 are the Unicode spelling of a punycode entry.
    expect(canonicalKeys(drafts).size).toBe(54_029);
    const idn = indicators(drafts).find((d) => d.value === 'aptosıabs.com')!;
    expect(canonicalIndicator(idn.type, idn.value)).toEqual({ ok: true, value: 'xn--aptosabs-xkb.com' });
  });
});

describe('polkadot-js phishing list: the meta/<YYYY-MM>.json log', () => {
  it('each addition is a host first seen on its date', async () => {
    const january = await draftsOfFile(format, META_JAN);
    expect(tally(january)).toEqual({ indicator: 722, 'indicator:domain': 722 });
    expect(january[0]).toEqual({
      kind: 'indicator',
      where: '$[0]',
      type: 'domain',
      value: 'airdropalert.art',
      firstSeen: '2026-01-31',
      labels: ['phishing'],
      context: { threat_type: 'phishing', list: 'deny' },
    });
    // `bearableguyreward.xyz.` is logged beside `bearableguyreward.xyz`: 675 distinct names.
    expect(canonicalKeys(january).size).toBe(675);
    const february = await draftsOfFile(format, META_FEB);
    expect(tally(february)).toEqual({ indicator: 60, 'indicator:domain': 60 });
    expect(february[1]).toMatchObject({ value: 'polkadotapp.icu', firstSeen: '2026-02-03' });
  });
});

describe('Maltrail trails: the Evilginx trail file', async () => {
  const drafts = await draftsOfFile(format, TRAILS);

  it('1,730 entries: 1,449 host names, 276 IP:port, 4 URLs, 1 path (ignored)', () => {
    expect(tally(drafts)).toEqual({
      indicator: 1_729,
      'indicator:domain': 1_449,
      'indicator:ipv4': 276,
      'indicator:url': 4,
      ignored: 1,
    });
    expect(drafts.find((d) => d.kind === 'ignored')).toEqual({
      kind: 'ignored',
      where: 'line 1828',
      what: 'URL path without a host',
    });
    // 3 host names are listed twice and 11 addresses on a second port: 1,715 indicators.
    expect(canonicalKeys(drafts).size).toBe(1_715);
  });

  it('IP:port keeps the port in the context, as ThreatFox does; the block reference and aliases travel', () => {
    expect(drafts[0]).toEqual({
      kind: 'indicator',
      where: 'line 8',
      type: 'ipv4',
      value: '165.22.30.136',
      reference: 'https://twitter.com/MichalKoczwara/status/1601324821614194688',
      labels: ['phishing', 'evilginx'],
      context: { threat_type: 'phishing', trail: 'evilginx', port: 3000, malware_alias: ['devilginx'] },
    });
  });

  it('a dated reference gives the first-seen day; a URL is a URL', () => {
    expect(drafts.find((d) => d.where === 'line 149')).toMatchObject({
      type: 'url',
      value: 'http://192.119.110.233',
      reference: 'https://threatfox.abuse.ch/browse/tag/EvilGinx/',
      firstSeen: '2024-01-23',
    });
  });

  it('a block with two references keeps both, and its hunting notes', () => {
    expect(drafts.find((d) => d.where === 'line 367')).toMatchObject({
      value: '176.65.134.138',
      reference: 'https://x.com/solostalking/status/1946069612090495059',
      firstSeen: '2025-07-18',
      context: { references: [expect.any(String), expect.stringMatching(/^https:\/\/app\.validin\.com\//)] },
    });
    expect(drafts.find((d) => d.where === 'line 825')).toMatchObject({
      context: {
        port: 9000,
        notes: [
          'CERT_FINGERPRINT_SHA256-HOST/IP=9bcd6161c13d5e61a41799f8a03af6664af69328dc2bc4a140c265466ab70eab',
          'TITLE-HOST/IP=Devilginx | Dashboard',
        ],
      },
    });
  });

  it('reads the same with CRLF line ends and in small chunks', async () => {
    const text = readFileSync(sharedFile(TRAILS), 'utf8').replace(/\n/g, '\r\n');
    const crlf = await draftsOfText(format, text, 1000);
    expect(crlf.map(({ where, kind }) => [where, kind])).toEqual(
      drafts.map(({ where, kind }) => [where, kind]),
    );
    // draftsOfText names the input "inline", and a trail is named after its file.
    expect(crlf[0]).toMatchObject({ value: '165.22.30.136', labels: ['phishing', 'inline'] });
  });
});

describe('phishing lists: detection and sources', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (name, file) => {
    expect(format.detect(await sampleOf(file))).toBe(name === 'phishing-list');
  });

  it('each list names its own source', async () => {
    const names = await Promise.all(
      [ALL, META_JAN, TRAILS].map(async (f) => format.defaultsFor!(await sampleOf(f))),
    );
    expect(names.map((d) => [d.name, d.reliability, d.tlp, d.confidence])).toEqual([
      ['polkadot-js phishing list', 'C', 'clear', 70],
      ['polkadot-js phishing list', 'C', 'clear', 70],
      ['Maltrail Evilginx trails', 'C', 'clear', 70],
    ]);
  });

  it('a plain list with # Reference: comments is a trail file; a CSV with one is not', () => {
    const sample = (head: string) => format.detect({ fileName: 'x.txt', head });
    expect(sample('# Reference: https://example.org/r\n\nevil.example\n198.51.100.1:443\n')).toBe(true);
    expect(sample('# Reference: https://example.org/r\nid,url\n1,http://evil.example/\n')).toBe(false);
    expect(sample('evil.example\n')).toBe(false);
    expect(sample('[{"date":"2026-01-01","date":"x"}]')).toBe(false);
  });
});

describe('phishing lists: what is refused and rejected', () => {
  it.each([
    ['all.json cut in the middle', '{"allow":["a.example"],"deny":["b.ex', /^malformed or truncated JSON/],
    ['no deny list', '{"allow":["a.example"]}', /there is no "deny" array$/],
    ['deny that is not a list', '{"deny":"evil.example"}', /"deny" is not an array$/],
    ['the log as an object', '{"date":"2026-01-01","url":"evil.example"}', /there is no "deny" array$/],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(format, text)).message).toMatch(message);
  });

  it('entries that are no host name are rejected with their position', async () => {
    expect(
      await draftsOfText(
        format,
        JSON.stringify({ allow: ['github.io'], deny: ['ok.example', 7, {}, '', '/x'] }),
      ),
    ).toEqual([
      { kind: 'ignored', where: '$.allow[0]', what: 'allow-listed hosting suffix' },
      expect.objectContaining({ kind: 'indicator', where: '$.deny[0]', value: 'ok.example' }),
      { kind: 'reject', where: '$.deny[1]', reason: 'not a host name (a non-empty string was expected)' },
      { kind: 'reject', where: '$.deny[2]', reason: 'not a host name (a string was expected)' },
      { kind: 'reject', where: '$.deny[3]', reason: 'not a host name (a non-empty string was expected)' },
      { kind: 'reject', where: '$.deny[4]', reason: 'a path without a host: "/x"' },
    ]);
    expect(await draftsOfText(format, '[{"date":"2026-01-01","url":"a.example"},"b.example"]')).toEqual([
      expect.objectContaining({ where: '$[0]', value: 'a.example', firstSeen: '2026-01-01' }),
      {
        kind: 'reject',
        where: '$[1]',
        reason: 'not a phishing log entry (an object with date and url was expected)',
      },
    ]);
  });

  it('trail entries of every shape; hostile notes are kept as received', async () => {
    const drafts = await draftsOfText(
      format,
      `# Reference: https://example.org/r\n# ${HOSTILE.html}\n\nevil.example:8443\n[2001:db8::1]:443\nhxxp://evil[.]example/login\n`,
    );
    expect(drafts.map((d) => d.kind === 'indicator' && [d.type, d.value, d.context?.port])).toEqual([
      ['domain', 'evil.example', 8443],
      ['ipv6', '2001:db8::1', 443],
      ['url', 'hxxp://evil[.]example/login', undefined],
    ]);
    expect(drafts[0]).toMatchObject({ context: { notes: [HOSTILE.html] } });
  });
});
