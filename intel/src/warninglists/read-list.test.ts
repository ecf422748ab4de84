import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { openInput } from '../input/open-input.js';
import { sharedFile } from '../testing/shared-data.js';
import { listEntries, WARNINGLIST_ENTRY_MAX_CHARS } from './entries.js';
import { looksLikeWarninglist, readWarninglist } from './read-list.js';

const LISTS = sharedFile('misp-warninglists', 'lists');

async function realList(name: string) {
  const input = await openInput(`${LISTS}/${name}/list.json`);
  return { list: await readWarninglist(input.stream), sample: input.sample };
}

const fromText = (text: string) => readWarninglist(Readable.from([Buffer.from(text)]));

async function refusal(text: string): Promise<string> {
  const error = await fromText(text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputRefused);
  return (error as InputRefused).message;
}

const doc = (fields: Record<string, unknown>) =>
  JSON.stringify({ description: 'd', list: ['a'], name: 'n', type: 'string', version: 1, ...fields });

describe('MISP warninglists: the real upstream lists', () => {
  it('reads the public DNS resolvers (IPv4) whole: 62,745 addresses, none rejected or changed', async () => {
    const { list, sample } = await realList('public-dns-v4');
    expect(looksLikeWarninglist(sample)).toBe(true);
    expect(list).toMatchObject({
      name: 'List of known IPv4 public DNS resolvers',
      type: 'cidr',
      version: 20240615,
      matchingAttributes: ['ip-src', 'ip-dst', 'domain|ip', 'ip-src|port', 'ip-dst|port'],
    });
    const entries = listEntries(list, 'public-dns-v4');
    expect(entries.kept).toHaveLength(62_745);
    expect(entries.rejects).toEqual([]);
    expect(entries.notes).toEqual([]);
    expect(entries.kept[0]).toEqual({ value: '1.0.0.1', key: '1.0.0.1/32', cidr: '1.0.0.1/32' });
  });

  it('keeps hostname entries lower-case without their leading dot, as MISP looks them up', async () => {
    const dns = listEntries((await realList('public-dns-hostname')).list, 'x');
    expect(dns.kept).toHaveLength(34_783);
    expect(dns.kept.every((e) => e.key === e.key.toLowerCase())).toBe(true);
    const dynamic = listEntries((await realList('dynamic-dns')).list, 'x');
    expect(dynamic.kept).toHaveLength(35_467);
    expect(dynamic.kept.some((e) => e.value.startsWith('.') && !e.key.startsWith('.'))).toBe(true);
  });

  it('keeps string entries as listed (MISP matches them case-sensitively)', async () => {
    const tlds = listEntries((await realList('tlds')).list, 'tlds');
    expect(tlds.kept).toHaveLength(1438);
    expect(tlds.kept.find((e) => e.value === 'COM')?.key).toBe('COM');
    expect(listEntries((await realList('cloudflare-top100k')).list, 'x').kept).toHaveLength(100_001);
  });

  it('turns the PCRE entries into PostgreSQL patterns, flags included', async () => {
    const { list } = await realList('common-contact-emails');
    expect(listEntries(list, 'x').kept).toEqual([
      { value: '/^(security|noc|soc|abuse)\\@.*\\..*$/i', key: '(?i)^(security|noc|soc|abuse)\\@.*\\..*$' },
    ]);
    expect(listEntries((await realList('phone_numbers')).list, 'x').kept).toHaveLength(33);
  });

  it('reads all 136 lists without refusing one or rejecting an entry', async () => {
    const names = await readdir(LISTS);
    expect(names).toHaveLength(136);
    let rejected = 0;
    for (const name of names) rejected += listEntries((await realList(name)).list, name).rejects.length;
    expect(rejected).toBe(0);
  });
});

describe('MISP warninglists: bad input', () => {
  it('refuses what is not JSON, saying so', async () => {
    expect(await refusal('{"list": ["8.8.8.8", ')).toMatch(/^not JSON \(malformed or truncated\)/);
    expect(await refusal('name,type\nx,string')).toMatch(/^not JSON/);
  });

  it('refuses JSON without a list or a type, and a type MISP does not have', async () => {
    expect(await refusal('[]')).toBe('not a MISP warninglist: the document is not a JSON object');
    expect(await refusal(JSON.stringify({ name: 'n', type: 'string', version: 1 }))).toBe(
      'not a MISP warninglist: there is no "list" array',
    );
    expect(await refusal(doc({ type: undefined }))).toBe('not a MISP warninglist: there is no "type"');
    expect(await refusal(doc({ type: 'glob' }))).toBe(
      'unknown type "glob": one of string, substring, hostname, cidr, regex',
    );
    expect(await refusal(doc({ version: '1' }))).toBe('"version" must be a whole number');
  });

  it('refuses an empty list', async () => {
    expect(await refusal(doc({ list: [] }))).toBe('the list has no entries');
  });

  it('rejects an entry too long, an empty one and a non-text one, keeping the rest', async () => {
    const list = await fromText(doc({ list: ['ok', 'x'.repeat(WARNINGLIST_ENTRY_MAX_CHARS + 1), '  ', 7] }));
    const entries = listEntries(list, 'l.json');
    expect(entries.kept.map((e) => e.value)).toEqual(['ok']);
    expect(entries.rejects).toEqual([
      { where: 'l.json $.list[1]', reason: `longer than ${WARNINGLIST_ENTRY_MAX_CHARS} characters` },
      { where: 'l.json $.list[2]', reason: 'an empty entry' },
      { where: 'l.json $.list[3]', reason: 'not a text entry' },
    ]);
  });

  it('normalises a CIDR with host bits set to its network and says so', async () => {
    const list = await fromText(
      doc({ type: 'cidr', list: ['10.1.2.3/8', '2001:DB8::1/32', '8.8.8.8', '10.0.0.0/33'] }),
    );
    const entries = listEntries(list, 'l.json');
    expect(entries.kept.map((e) => e.cidr)).toEqual(['10.0.0.0/8', '2001:db8::/32', '8.8.8.8/32']);
    expect(entries.notes).toEqual([
      { where: 'l.json $.list[0]', note: '10.1.2.3/8 has host bits set; kept as its network 10.0.0.0/8' },
      {
        where: 'l.json $.list[1]',
        note: '2001:DB8::1/32 has host bits set; kept as its network 2001:db8::/32',
      },
    ]);
    expect(entries.rejects).toEqual([
      { where: 'l.json $.list[3]', reason: '"10.0.0.0/33" has a prefix length outside 0–32' },
    ]);
  });

  it('refuses a regex that could backtrack catastrophically', async () => {
    const list = await fromText(
      doc({ type: 'regex', list: ['/^(a+)+$/', '/(\\w*\\.){2,}x/', '/(a)\\1/', '/^ok$/i', 'no-delimiters'] }),
    );
    const entries = listEntries(list, 'l.json');
    expect(entries.kept.map((e) => e.key)).toEqual(['(?i)^ok$']);
    expect(entries.rejects.map((r) => r.reason)).toEqual([
      'a repeated group holding a quantifier (like (a+)+) could make matching take exponential time',
      'a repeated group holding a quantifier (like (a+)+) could make matching take exponential time',
      'a back-reference could make matching take exponential time',
      'not a delimited regular expression (/pattern/flags)',
    ]);
  });
});
