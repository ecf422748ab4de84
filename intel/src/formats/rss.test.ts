import { describe, expect, it } from 'vitest';
import type { Draft, IndicatorDraft, ObjectDraft, RelationshipDraft } from '../model/drafts.js';
import { draftsOfText, refusalOf } from './lib/testing.js';
import { detectFormat } from './registry.js';
import { rssFormat } from './rss.js';
import { ATOM_BLOG, BILLION_LAUGHS, RSS_ADVISORIES, XXE } from './rss/fixtures.js';
import { indicatorStixId } from './rss/item-drafts.js';

const reports = (drafts: Draft[]) =>
  drafts.filter((d): d is ObjectDraft => d.kind === 'object').map((d) => d.stix);
const indicators = (drafts: Draft[]) => drafts.filter((d): d is IndicatorDraft => d.kind === 'indicator');
const links = (drafts: Draft[]) =>
  drafts.filter((d): d is RelationshipDraft => d.kind === 'relationship').map((d) => d.stix);

describe('RSS 2.0: each item a report', () => {
  it('title, link, published date, summary kept raw, categories, CVE and ATT&CK references', async () => {
    const drafts = await draftsOfText(rssFormat, RSS_ADVISORIES);
    const [first, second, fourth] = reports(drafts);
    expect(reports(drafts)).toHaveLength(3);
    expect(first).toMatchObject({
      type: 'report',
      spec_version: '2.1',
      name: 'Threat actors exploit CVE-2024-3400 in edge devices',
      published: '2024-04-16T12:00:00.000Z',
      created: '2024-04-16T12:00:00.000Z',
      modified: '2024-04-16T12:00:00.000Z',
      labels: ['Alert'],
      x_cti_feed_item_id: 'aa24-001',
    });
    // Raw: the hostile HTML is stored as received; the app renders it as text.
    expect(first!.description).toContain('<img src=x onerror="alert(1)"><script>');
    expect(first!.external_references).toEqual([
      { source_name: 'Cybersecurity Advisories', url: 'https://advisories.example.gov/news/aa24-001' },
      {
        source_name: 'cve',
        external_id: 'CVE-2024-3400',
        url: 'https://www.cve.org/CVERecord?id=CVE-2024-3400',
      },
      {
        source_name: 'mitre-attack',
        external_id: 'T1190',
        url: 'https://attack.mitre.org/techniques/T1190/',
      },
      {
        source_name: 'mitre-attack',
        external_id: 'T1059.001',
        url: 'https://attack.mitre.org/techniques/T1059/001/',
      },
    ]);
    expect(second!.published).toBe('2024-04-17T13:30:00.000Z');
    expect(fourth!.name).toBe('Fourth: 198.51.100.23 scanning');
  });

  it('indicators from the text, refanged; not from links, scripts or the publisher’s own site', async () => {
    const drafts = await draftsOfText(rssFormat, RSS_ADVISORIES);
    const first = indicators(drafts).filter((d) => d.where.startsWith('item 1 '));
    expect(first.map((d) => [d.type, d.value])).toEqual([
      ['url', 'http://update-check.badcdn.net/gate.php'],
      ['ipv4', '203.0.113.77'],
      ['sha256', '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae'],
    ]);
    expect(first[0]).toMatchObject({
      reference: 'https://advisories.example.gov/news/aa24-001',
      firstSeen: '2024-04-16T12:00:00.000Z',
    });
    const values = indicators(drafts).map((d) => d.value);
    expect(values).not.toContain('partner.example.org');
    expect(values.some((v) => v.includes('evil.example.net'))).toBe(false);
    expect(values.some((v) => v.includes('advisories.example.gov'))).toBe(false);
  });

  it('each indicator is related to its report under the id the database gives it, and in object_refs', async () => {
    const drafts = await draftsOfText(rssFormat, RSS_ADVISORIES);
    const report = reports(drafts)[0]!;
    const ip = indicatorStixId('ipv4', '203.0.113.77');
    expect(report.object_refs).toContain(ip);
    expect(links(drafts)).toContainEqual(
      expect.objectContaining({ relationship_type: 'related-to', source_ref: ip, target_ref: report.id }),
    );
    // Value of private.indicator_stix_id('ipv4', '1.2.3.4') in the database.
    expect(indicatorStixId('ipv4', '1.2.3.4')).toMatch(/^indicator--[0-9a-f-]{36}$/);
  });

  it('the same feed read twice gives the same ids (a sync is idempotent)', async () => {
    const a = await draftsOfText(rssFormat, RSS_ADVISORIES);
    const b = await draftsOfText(rssFormat, RSS_ADVISORIES, 7);
    expect(b).toEqual(a);
  });

  it('a broken item is rejected with its position; the others import', async () => {
    const drafts = await draftsOfText(rssFormat, RSS_ADVISORIES);
    expect(drafts.filter((d) => d.kind === 'reject')).toEqual([
      {
        kind: 'reject',
        where: 'item 3 (line 26)',
        reason: 'the published date "yesterday-ish" is not a date (RFC 822 or RFC 3339)',
      },
    ]);
  });
});

describe('Atom 1.0', () => {
  it('entry: alternate link, html title kept raw, updated as modified, indicators refanged', async () => {
    const drafts = await draftsOfText(rssFormat, ATOM_BLOG, 13);
    const [report] = reports(drafts);
    expect(report).toMatchObject({
      name: 'New loader <i>ShadowPad</i> variant',
      published: '2024-05-01T08:00:00.000Z',
      modified: '2024-05-02T08:00:00.000Z',
      labels: ['malware'],
      x_cti_feed_item_id: 'tag:research.example.com,2024:shadowpad',
    });
    expect(report!.external_references).toContainEqual({
      source_name: 'Vendor Threat Research',
      url: 'https://research.example.com/2024/05/shadowpad',
    });
    expect(indicators(drafts).map((d) => [d.type, d.value])).toEqual([
      ['domain', 'c2.shadow-example.org'],
      ['email', 'ops@shadow-example.org'],
    ]);
  });

  it('is detected among the formats (markup nothing else reads), JSON is not', () => {
    const sample = (head: string) => detectFormat({ fileName: 'x', head })?.name;
    expect(sample(ATOM_BLOG)).toBe('rss');
    expect(sample(RSS_ADVISORIES)).toBe('rss');
    expect(sample(BILLION_LAUGHS)).toBe('rss');
    expect(sample('{"items": []}')).not.toBe('rss');
  });
});

describe('hostile and broken feeds', () => {
  it('billion laughs is refused before any entity is expanded', async () => {
    const started = process.memoryUsage().heapUsed;
    const refusal = await refusalOf(rssFormat, BILLION_LAUGHS);
    expect(refusal.message).toMatch(/declares entities in a DTD .*refused/);
    expect(process.memoryUsage().heapUsed - started).toBeLessThan(50 * 1024 * 1024);
  });

  it('an external entity (XXE) is refused: nothing read or fetched', async () => {
    let fetched = false;
    const server = await import('node:http').then((http) =>
      http.createServer((_req, res) => {
        fetched = true;
        res.end('secret');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const refusal = await refusalOf(rssFormat, XXE(`http://127.0.0.1:${port}/secret`));
      expect(refusal.message).toMatch(/declares entities/);
      expect((await refusalOf(rssFormat, XXE('file:///etc/passwd'))).message).not.toContain('root:');
      expect(fetched).toBe(false);
    } finally {
      server.close();
    }
  });

  it('an HTML page, a JSON answer, broken XML: refused in plain words', async () => {
    expect((await refusalOf(rssFormat, '<!doctype html><html><body>Login</body></html>')).message).toBe(
      'the answer is an HTML page, not an RSS or Atom feed (<rss>, <feed> or <rdf:RDF>)',
    );
    expect((await refusalOf(rssFormat, '<?xml version="1.0"?><kml><Document/></kml>')).message).toBe(
      'the document is <kml>, not an RSS or Atom feed (<rss>, <feed> or <rdf:RDF>)',
    );
    expect((await refusalOf(rssFormat, '{"error": "rate limited"}')).message).toBe(
      'the answer is not XML (it starts with "{\\"error\\": \\"rate limi"); an RSS or Atom feed was expected',
    );
    expect((await refusalOf(rssFormat, '<rss><channel><item><title>x</channel></rss>')).message).toMatch(
      /^the feed is not well-formed XML: 1:\d+: /,
    );
  });

  it('an item without link or guid, or with a javascript: link, is rejected', async () => {
    const feed = `<rss version="2.0"><channel><title>t</title>
<item><title>no id</title></item>
<item><title>js</title><link>javascript:alert(1)</link></item>
<item><title>ok</title><link>https://a.example/ok</link></item></channel></rss>`;
    const drafts = await draftsOfText(rssFormat, feed);
    expect(drafts.filter((d) => d.kind === 'reject').map((d) => (d as { reason: string }).reason)).toEqual([
      'the item has neither a link nor a guid/id: nothing identifies it',
      'link "javascript:alert(1)" is not an http(s) URL',
    ]);
    expect(reports(drafts).map((r) => r.name)).toEqual(['ok']);
  });
});
