import { describe, expect, it } from 'vitest';
import {
  csvWriter,
  ipsetWriter,
  nftablesWriter,
  rpzSerial,
  rpzWriter,
  emptySummary,
  summaryLines,
  tally,
  textWriter,
  zeekIntelWriter,
  zeekUrl,
} from './shared.js';
import { AT, render, row } from './testing.js';

describe('zeek-intel', () => {
  it('writes the #fields line and one tab-separated line per value, URLs without the scheme', () => {
    const writer = zeekIntelWriter();
    const { text } = render(writer, [
      row('ipv4', '198.51.100.7', {
        description: 'Emotet C2\ton port 8080\nsecond line',
        reference: 'https://feodotracker.abuse.ch/browse/host/198.51.100.7/',
      }),
      row('url', 'https://evil.example/a/b?c=1'),
      row('sha256', 'a'.repeat(64), { sources: [] }),
    ]);
    expect(text).toBe(
      [
        '#fields\tindicator\tindicator_type\tmeta.source\tmeta.desc\tmeta.url',
        '198.51.100.7\tIntel::ADDR\tabuse.ch Feodo Tracker\tscore 80; TLP:AMBER; Emotet C2 on port 8080 second line\thttps://feodotracker.abuse.ch/browse/host/198.51.100.7/',
        'evil.example/a/b?c=1\tIntel::URL\tabuse.ch Feodo Tracker\tscore 80; TLP:AMBER\t-',
        `${'a'.repeat(64)}\tIntel::FILE_HASH\tCTI platform\tscore 80; TLP:AMBER\t-`,
        '',
      ].join('\n'),
    );
    expect(zeekUrl('http://evil.example:8080/x')).toBe('evil.example:8080/x');
  });

  it('leaves out values a tab-separated line cannot hold and says why', () => {
    const writer = zeekIntelWriter();
    expect(writer.unwritable!(row('user-agent', 'Mozilla\t5.0'))).toBe('tab or line break in the value');
    expect(writer.unwritable!(row('filename', 'a\\x41.exe'))).toMatch(/escape/);
    expect(writer.unwritable!(row('filename', '-'))).toMatch(/unset/);
    expect(writer.unwritable!(row('domain', 'evil.example'))).toBeNull();
    expect(writer.types).not.toContain('ja3');
  });
});

describe('rpz', () => {
  it('writes SOA and NS with a serial from the export time, a CNAME . per name, wildcards on request', () => {
    const { text } = render(rpzWriter({ wildcard: true }), [row('domain', 'evil.example')]);
    expect(text).toBe(
      [
        '$TTL 300',
        `@ IN SOA localhost. hostmaster.localhost. ( ${rpzSerial(AT)} 3600 600 604800 300 )`,
        '@ IN NS localhost.',
        'evil.example CNAME .',
        '*.evil.example CNAME .',
        '',
      ].join('\n'),
    );
    expect(rpzSerial(AT)).toBe(1796108400);
    expect(rpzSerial(new Date(AT.getTime() + 1000))).toBeGreaterThan(rpzSerial(AT));
    expect(render(rpzWriter({ wildcard: false }), [row('domain', 'evil.example')]).text).not.toMatch(/\*\./);
  });

  it('takes only plain host names', () => {
    const writer = rpzWriter({ wildcard: false });
    expect(writer.unwritable!(row('domain', 'xn--80ak6aa92e.com'))).toBeNull();
    for (const bad of ['a;b.example', 'a b.example', '$origin.example', 'a..b', '-a.example'])
      expect(writer.unwritable!(row('domain', bad))).not.toBeNull();
  });
});

describe('text, nftables, iptables, csv', () => {
  it('text: one value a line, # sections when several types', () => {
    const rows = [row('ipv4', '198.51.100.7'), row('domain', 'evil.example'), row('domain', 'bad.example')];
    expect(render(textWriter(null), rows).text).toBe(
      '# ipv4\n198.51.100.7\n# domain\nevil.example\nbad.example\n',
    );
    expect(render(textWriter(['domain']), rows.slice(1)).text).toBe('evil.example\nbad.example\n');
    expect(textWriter(null).unwritable!(row('filename', '#x'))).toBe('starts with #');
  });

  it('nftables: interval sets per family, flushed and refilled in one file', () => {
    const rows = [
      row('ipv4', '198.51.100.7'),
      row('ipv4-cidr', '203.0.113.0/24'),
      row('ipv6', '2001:db8::1'),
    ];
    expect(render(nftablesWriter(null), rows).text).toBe(
      [
        'table inet cti {',
        '\tset cti_v4 { type ipv4_addr; flags interval; auto-merge; }',
        '\tset cti_v6 { type ipv6_addr; flags interval; auto-merge; }',
        '}',
        'flush set inet cti cti_v4',
        'flush set inet cti cti_v6',
        'add element inet cti cti_v4 { 198.51.100.7 }',
        'add element inet cti cti_v4 { 203.0.113.0/24 }',
        'add element inet cti cti_v6 { 2001:db8::1 }',
        '',
      ].join('\n'),
    );
    expect(render(nftablesWriter(['ipv4']), rows.slice(0, 1)).text).not.toMatch(/cti_v6/);
  });

  it('iptables: ipset restore lines filling a twin set swapped in', () => {
    const text = render(ipsetWriter(['ipv6']), [row('ipv6', '2001:db8::1')]).text;
    expect(text).toBe(
      [
        'create cti-v6 hash:net family inet6 hashsize 1024 maxelem 1048576 -exist',
        'create cti-v6-next hash:net family inet6 hashsize 1024 maxelem 1048576 -exist',
        'flush cti-v6-next',
        'add cti-v6-next 2001:db8::1 -exist',
        'swap cti-v6-next cti-v6',
        'destroy cti-v6-next',
        '',
      ].join('\n'),
    );
  });

  it('csv: the columns, formulas neutralised, score and sources', () => {
    const text = render(csvWriter(), [row('url', '=cmd|x', { sources: ['A', 'B'], labels: ['c2'] })]).text;
    expect(text).toBe(
      'type,value,tlp,confidence,valid_from,modified,labels,name,stix_id,score,sources\r\n' +
        "url,'=cmd|x,amber,80,,2026-12-01T07:00:00.000Z,c2,,indicator--00000000-0000-4000-8000-000000000001,80,A;B\r\n",
    );
  });
});

describe('the header', () => {
  it('says what the export holds and what it left out, per reason', () => {
    const s = emptySummary('text', AT, { types: null, sources: ['X'], maxTlp: 'amber', minScore: 30 });
    tally(s, row('ipv4', '1'));
    tally(s, row('ipv4', '2', { verdict: 'expired' }));
    tally(s, row('ipv4', '3', { verdict: 'listed' }));
    tally(s, row('ipv4', '4', { verdict: 'above-tlp' }));
    tally(s, row('ipv4', '5', { verdict: 'below-score' }));
    tally(s, row('ipv4', '6'), 'line break in the value');
    s.notCarried = { asn: 2 };
    expect(summaryLines(s)).toEqual([
      'CTI platform export for security controls: text, exported 2026-12-01T07:00:00.000Z',
      'selection: types all this format carries; sources X; TLP up to AMBER; minimum score 30',
      'holds 1 values: ipv4 1',
      'left out: revoked 0, expired 1, decayed 0; on a warninglist or exclusion list 1; above TLP:AMBER 1; below score 30 1; not writable in this format 1 (line break in the value 1)',
      'types this format has no place for: asn 2',
    ]);
  });

  it('counts values PAP keeps in the house, when there are any', () => {
    const s = emptySummary('text', AT, { types: null, sources: [], maxTlp: 'amber', minScore: 0 });
    tally(s, row('ipv4', '1'));
    tally(s, row('ipv4', '2', { verdict: 'pap' }));
    tally(s, row('ipv4', '3', { verdict: 'pap' }));
    expect(summaryLines(s)[3]).toBe(
      'left out: revoked 0, expired 0, decayed 0; on a warninglist or exclusion list 0; above TLP:AMBER 0; PAP:AMBER or RED 2; below score 0 0; not writable in this format 0',
    );
  });
});
