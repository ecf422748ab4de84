import { describe, expect, it } from 'vitest';
import { pullObjects } from '../connectors/taxii-client.js';
import { csvCell } from './csv.js';
import { mispAttributes } from './misp-event.js';
import { TLP_MARKINGS, withinTlp, type StixObject } from './stix-pages.js';

const indicator = (id: string, pattern: string, tlp: keyof typeof TLP_MARKINGS): StixObject => ({
  type: 'indicator',
  id: `indicator--${id}`,
  pattern,
  modified: '2026-01-01T00:00:00.000Z',
  valid_from: '2025-12-31T00:00:00.000Z',
  object_marking_refs: [TLP_MARKINGS[tlp]],
  labels: ['c2'],
  description: '=HYPERLINK("http://x")',
});

describe('CSV export', () => {
  it('neutralises formulas and quotes per RFC 4180', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell('evil.example')).toBe('evil.example');
  });
});

describe('MISP event export', () => {
  it('maps an indicator to an attribute with its own UUID, TLP tag and labels', () => {
    const [attribute] = mispAttributes(
      indicator('0b2c3d4e-0000-4000-8000-000000000002', "[ipv4-addr:value = '198.51.100.7']", 'amber+strict'),
    );
    expect(attribute).toMatchObject({
      uuid: '0b2c3d4e-0000-4000-8000-000000000002',
      type: 'ip-dst',
      value: '198.51.100.7',
      to_ids: true,
      Tag: [{ name: 'tlp:amber+strict' }, { name: 'c2' }],
    });
  });
  it('leaves out what is not a simple indicator', () => {
    expect(mispAttributes({ type: 'malware', id: 'malware--x' })).toEqual([]);
  });
  it('maps the wider types onto MISP types; JA3S and JA4, which MISP has none for, are text saying what they are', () => {
    const one = (pattern: string) =>
      mispAttributes(indicator('0b2c3d4e-0000-4000-8000-000000000003', pattern, 'green'))[0];
    expect(one('[autonomous-system:number = 64500]')).toMatchObject({ type: 'AS', value: '64500' });
    expect(one("[ipv4-addr:value = '10.0.0.0/8']")).toMatchObject({ type: 'ip-dst', value: '10.0.0.0/8' });
    expect(one("[windows-registry-key:key = 'HKEY_CURRENT_USER\\\\Run']")).toMatchObject({
      type: 'regkey',
      value: 'HKEY_CURRENT_USER\\Run',
      category: 'Persistence mechanism',
    });
    expect(
      one("[network-traffic:extensions.'x-tls-ext'.ja4 = 't13d1516h2_8daaf6152771_b186095e22b6']"),
    ).toMatchObject({
      type: 'text',
      value: 't13d1516h2_8daaf6152771_b186095e22b6',
      comment: 'JA4 fingerprint: =HYPERLINK("http://x")',
    });
  });
});

describe('TLP filter', () => {
  it('keeps what is at or below the level', () => {
    expect(withinTlp(indicator('1', '', 'amber'), 'amber+strict')).toBe(true);
    expect(withinTlp(indicator('1', '', 'red'), 'amber+strict')).toBe(false);
  });
});

describe('TAXII client paging (TAXII 2.1 §3.4)', () => {
  it('follows next, then falls back to added_after = X-TAXII-Date-Added-Last when next is absent', async () => {
    const asked: string[] = [];
    const answers = [
      { body: { more: true, next: 'n1', objects: [{ id: 'a' }] }, last: '2026-01-01T00:00:01Z' },
      { body: { more: true, objects: [{ id: 'b' }] }, last: '2026-01-01T00:00:02Z' },
      { body: { more: false, objects: [{ id: 'c' }] }, last: '2026-01-01T00:00:03Z' },
    ];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      const answer = answers.shift()!;
      return new Response(JSON.stringify(answer.body), {
        headers: { 'X-TAXII-Date-Added-Last': answer.last },
      });
    }) as typeof fetch;
    const ids = [];
    for await (const page of pullObjects({
      collectionUrl: 'https://t.example/api/collections/c1',
      auth: {},
      fetchImpl,
    }))
      ids.push(...page.objects.map((o) => o.id));
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(asked[1]).toContain('next=n1');
    expect(asked[2]).toContain('added_after=2026-01-01T00%3A00%3A02Z');
    expect(asked[2]).not.toContain('next=');
  });
});
