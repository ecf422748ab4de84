import { describe, expect, it } from 'vitest';
import {
  suricataWriter,
  DEFAULT_SID_BASE,
  SID_SPAN,
  SidAllocator,
  contentValue,
  msgValue,
} from './shared.js';
import { render, row } from './testing.js';

const writer = () => suricataWriter({ sidBase: DEFAULT_SID_BASE, listStem: 'cti' });
const sidOf = (line: string) => Number(/sid:(\d+);/.exec(line)![1]);

describe('suricata', () => {
  it('escapes content and msg per the rule language', () => {
    expect(contentValue('a;b"c\\d|e')).toBe('a|3B|b|22|c|5C|d|7C|e');
    expect(contentValue('é\n')).toBe('|C3 A9 0A|');
    expect(msgValue('a;b"c\\d\nx')).toBe('a\\;b\\"c\\\\d?x');
  });

  it('writes a rule per address and URL, three per domain, and a list rule per hash type', () => {
    const { text, out } = render(writer(), [
      row('ipv4', '198.51.100.7', { reference: 'https://feodotracker.abuse.ch/browse/host/198.51.100.7/' }),
      row('domain', 'evil.example'),
      row('url', 'http://evil.example:8080/a%20b;c?x="1"'),
      row('md5', 'd41d8cd98f00b204e9800998ecf8427e'),
      row('ja3', 'e7d705a3286e19ea42f587b344ee6865'),
    ]);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      `alert ip any any <> 198.51.100.7 any (msg:"CTI ipv4 198.51.100.7 (abuse.ch Feodo Tracker)"; reference:url,feodotracker.abuse.ch/browse/host/198.51.100.7/; metadata:cti_type ipv4, cti_score 80, tlp amber; sid:${sidOf(lines[0]!)}; rev:1;)`,
    );
    expect(lines[1]).toMatch(
      /^alert dns any any -> any any \(msg:"CTI domain evil\.example in DNS query \(abuse\.ch Feodo Tracker\)"; dns\.query; dotprefix; content:"\.evil\.example"; endswith; nocase; metadata:/,
    );
    expect(lines[2]).toMatch(/tls\.sni; dotprefix; content:"\.evil\.example"; endswith; nocase;/);
    expect(lines[3]).toMatch(/http\.host; dotprefix; content:"\.evil\.example"; endswith; metadata/);
    expect(lines[4]).toContain(
      'http.host; content:"evil.example"; startswith; endswith; http.uri.raw; content:"/a%20b|3B|c?x=|22|1|22|"; startswith; endswith;',
    );
    expect(lines[4]).toContain(
      'msg:"CTI url http://evil.example:8080/a%20b\\;c?x=\\"1\\" (abuse.ch Feodo Tracker)"',
    );
    expect(lines.filter((l) => l.includes('filemd5:cti-md5.lst'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(
      /^alert tls .*ja3\.hash; dataset:isset,cti-ja3,type md5,load cti-ja3\.lst; /,
    );
    expect(out.side.get('cti-md5.lst')).toBe('d41d8cd98f00b204e9800998ecf8427e\n');
    expect(out.side.get('cti-ja3.lst')).toBe('e7d705a3286e19ea42f587b344ee6865\n');
    const sids = lines.map(sidOf);
    expect(new Set(sids).size).toBe(sids.length);
    for (const sid of sids) expect(sid).toBeGreaterThanOrEqual(DEFAULT_SID_BASE);
  });

  it('gives the same value the same sid in every export, whatever else is in it', () => {
    const alone = render(writer(), [row('ipv4', '198.51.100.7')]).text;
    const withOthers = render(writer(), [
      row('ipv4', '198.51.100.1'),
      row('ipv4', '198.51.100.7'),
      row('domain', 'x.example'),
    ]).text;
    const sid = (text: string) => sidOf(text.split('\n').find((l) => l.includes('<> 198.51.100.7 '))!);
    expect(sid(withOthers)).toBe(sid(alone));
    expect(
      render(suricataWriter({ sidBase: 5_000_000, listStem: 'cti' }), [row('ipv4', '198.51.100.7')]).text,
    ).toContain(`sid:${sid(alone) - DEFAULT_SID_BASE + 5_000_000};`);
  });

  it('resolves a collision deterministically: the later key takes the next free sid', () => {
    const span = 16;
    const target = SidAllocator.slotOf('a', span);
    let other = 0;
    while (SidAllocator.slotOf(`k${other}`, span) !== target) other += 1;
    const sids = new SidAllocator(100, span);
    expect(sids.sid('a')).toBe(100 + target);
    expect(sids.sid(`k${other}`)).toBe(100 + ((target + 1) % span));
    expect(new SidAllocator(100, span).sid(`k${other}`)).toBe(100 + target);
    expect(SID_SPAN).toBe(1_000_000);
  });

  it('refuses URLs that are not http(s)', () => {
    expect(writer().unwritable!(row('url', 'ftp://evil.example/x'))).toBe('not an http(s) URL');
  });
});
