import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { emptyKnowledgeBase, openDb, tempFile } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');
const intel = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args, '--db-url', intelEnv().dbUrl], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const SHA256 = 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c';
const LISTED = '8.8.8.8';
const IP = '198.51.100.7';
const URL_VALUE = 'http://evil.example/payload.exe';
/** What every export for controls of this knowledge base holds, by type, with --min-score 50. */
const HELD = { ipv4: [IP], domain: ['evil.example'], url: [URL_VALUE], sha256: [SHA256] };
const LEFT_OUT =
  'left out: revoked 0, expired 1, decayed 0; on a warninglist or exclusion list 1; above TLP:AMBER 1; below score 50 1';

const attribute = (type: string, value: string, tags: string[] = []) => ({
  type,
  category: 'Network activity',
  value,
  to_ids: true,
  Tag: tags.map((name) => ({ name })),
});
const event = (uuid: string, attributes: unknown[]) =>
  JSON.stringify({
    Event: { uuid, info: 'export test', date: new Date().toISOString().slice(0, 10), Attribute: attributes },
  });

let db: pg.Client;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'export-controls-'));
const outFile = (name: string) => path.join(scratch, name);
const body = (text: string, comment = '#') => text.split('\n').filter((l) => l && !l.startsWith(comment));

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query('delete from public.warninglists');
  await db.query('delete from public.exclusion_entries');
  const lists = mkdtempSync(path.join(os.tmpdir(), 'warninglists-'));
  mkdirSync(path.join(lists, 'lists', 'public-dns-v4'), { recursive: true });
  symlinkSync(
    sharedFile('misp-warninglists', 'lists', 'public-dns-v4', 'list.json'),
    path.join(lists, 'lists', 'public-dns-v4', 'list.json'),
  );
  expect(intel(['import', lists, '--format', 'misp-warninglist']).code).toBe(0);
  const main = tempFile(
    'controls-main.json',
    event('5e0b7a40-0000-4000-8000-000000000001', [
      attribute('ip-dst', IP),
      attribute('ip-dst', LISTED),
      attribute('domain', 'evil.example'),
      attribute('domain', 'expired.example'),
      attribute('domain', 'red.example', ['tlp:red']),
      attribute('domain', 'low.example'),
      attribute('url', URL_VALUE),
      attribute('sha256', SHA256),
    ]),
  );
  expect(intel(['import', main, '--format', 'misp', '--source', 'Test feed']).code).toBe(0);
  const other = tempFile(
    'controls-other.json',
    event('5e0b7a40-0000-4000-8000-000000000002', [attribute('domain', 'other.example')]),
  );
  expect(intel(['import', other, '--format', 'misp', '--source', 'Other feed']).code).toBe(0);
  await db.query(
    `update public.indicators set valid_until = now() - interval '1 day' where value = 'expired.example'`,
  );
  // 40 × reliability B (0.9) = 36: active (decayed is under 20) but under --min-score 50.
  await db.query(`update public.indicators set confidence = 40 where value = 'low.example'`);
  const { rows } = await db.query<{ value: string; score: number; tlp: string }>(
    `select value, public.score(i) as score, tlp::text from public.indicators i order by value`,
  );
  expect(rows.find((r) => r.value === 'low.example')!.score).toBe(36);
  expect(rows.find((r) => r.value === 'red.example')!.tlp).toBe('red');
  expect(rows.find((r) => r.value === 'evil.example')!.score).toBeGreaterThanOrEqual(50);
});
afterAll(async () => db.end());

const exported = (format: string, extra: string[] = []) => {
  const out = outFile(`${format}-${extra.join('')}.out`);
  const r = intel(['export', format, '--out', out, '--min-score', '50', '--source', 'Test feed', ...extra]);
  expect(r.stderr).toMatch(/exported \d+ values/);
  expect(r.code).toBe(0);
  return { out, text: readFileSync(out, 'utf8') };
};

describe('exports for security controls', () => {
  it('text: exactly the actionable values, a section per type, the header counting each reason', () => {
    const { text } = exported('text');
    expect(text).toContain('# holds 4 values: ipv4 1, domain 1, url 1, sha256 1\n');
    expect(text).toContain(`# ${LEFT_OUT}; not writable in this format 0\n`);
    expect(text).toContain(
      '# selection: types all this format carries; sources Test feed; TLP up to AMBER; minimum score 50',
    );
    expect(text.split('\n').filter((l) => l && !l.startsWith('# '))).toEqual([
      IP,
      'evil.example',
      URL_VALUE,
      SHA256,
    ]);
    expect(text).toContain('# ipv4\n198.51.100.7\n# domain\nevil.example\n');
  });

  it('without --source and --min-score: the other source and the low score are in', () => {
    const out = outFile('all.txt');
    expect(intel(['export', 'text', '--out', out, '--type', 'domain']).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(body(text)).toEqual(['evil.example', 'low.example', 'other.example']);
    expect(text).toContain(
      'left out: revoked 0, expired 1, decayed 0; on a warninglist or exclusion list 0; above TLP:AMBER 1; below score 0 0',
    );
    const red = outFile('red.txt');
    expect(intel(['export', 'text', '--out', red, '--type', 'domain', '--max-tlp', 'red']).code).toBe(0);
    expect(body(readFileSync(red, 'utf8'))).toContain('red.example');
  });

  it('zeek-intel: the #fields header, Intel types, URLs without the scheme', () => {
    const { text } = exported('zeek-intel');
    expect(text).toContain(`# ${LEFT_OUT}`);
    expect(text).toContain('#fields\tindicator\tindicator_type\tmeta.source\tmeta.desc\tmeta.url\n');
    const lines = body(text).map((l) => l.split('\t'));
    for (const fields of lines) expect(fields).toHaveLength(5);
    expect(lines.map((f) => `${f[0]} ${f[1]}`)).toEqual([
      `${IP} Intel::ADDR`,
      'evil.example Intel::DOMAIN',
      'evil.example/payload.exe Intel::URL',
      `${SHA256} Intel::FILE_HASH`,
    ]);
    expect(lines[0]![2]).toBe('Test feed');
  });

  it('suricata: well-formed rules with unique sids, the hash list beside the rules, stable across exports', () => {
    const { out, text } = exported('suricata');
    expect(text).toContain(`# ${LEFT_OUT}`);
    const rules = body(text);
    const RULE =
      /^alert (ip|dns|tls|http|smtp) (any|[0-9a-f.:/]+) any (->|<>) (any|[0-9a-f.:/]+) any \(msg:"(?:[^"\\]|\\.)*";(?: [a-z0-9_.]+(?::(?:"(?:[^"\\]|\\.)*"|[^;"]+))?;)+\)$/;
    for (const rule of rules) {
      expect(rule).toMatch(RULE);
      expect((rule.replace(/\\./g, '').match(/"/g) ?? []).length % 2).toBe(0);
      expect(rule.match(/\(/g)?.length).toBe(rule.match(/\)/g)?.length);
    }
    const sids = rules.map((r) => Number(/ sid:(\d+);/.exec(r)![1]));
    expect(new Set(sids).size).toBe(sids.length);
    expect(rules.filter((r) => r.includes(`<> ${IP} any`))).toHaveLength(1);
    expect(rules.filter((r) => r.includes('content:".evil.example"'))).toHaveLength(3);
    // The out file is suricata-.out: the lists are named from its stem, one rule each for HTTP and SMTP.
    expect(rules.filter((r) => r.includes('filesha256:suricata-.out-sha256.lst;'))).toHaveLength(2);
    const list = readdirSync(path.dirname(out)).find((f) => f.endsWith('-sha256.lst'))!;
    expect(readFileSync(path.join(path.dirname(out), list), 'utf8')).toBe(`${SHA256}\n`);
    expect(rules.some((r) => r.includes(`filesha256:${list};`))).toBe(true);
    expect(text).not.toContain(LISTED);
    const again = body(exported('suricata').text).map((r) => / sid:(\d+);/.exec(r)![1]);
    expect(again.map(Number)).toEqual(sids);
    const based = body(exported('suricata', ['--sid-base', '5000000']).text);
    expect(Number(/ sid:(\d+);/.exec(based[0]!)![1])).toBe(sids[0]! - 9_100_000 + 5_000_000);
  });

  it('rpz: SOA, NS and a CNAME . per domain (and *. with --rpz-wildcard)', () => {
    const { text } = exported('rpz', ['--rpz-wildcard']);
    // Counted among the types the format carries: the listed address is not a domain.
    expect(text).toContain(
      '; left out: revoked 0, expired 1, decayed 0; on a warninglist or exclusion list 0; above TLP:AMBER 1; below score 50 1',
    );
    expect(text).toContain('; types this format has no place for: ipv4 2, url 1, sha256 1');
    expect(text).toMatch(/^@ IN SOA localhost\. hostmaster\.localhost\. \( \d{10} 3600 600 604800 300 \)$/m);
    expect(body(text, ';').filter((l) => !/^[@$]/.test(l))).toEqual([
      'evil.example CNAME .',
      '*.evil.example CNAME .',
    ]);
  });

  it('nftables and iptables: the address, not the listed one', () => {
    const nft = exported('nftables').text;
    expect(nft).toContain(`add element inet cti cti_v4 { ${IP} }\n`);
    expect(nft).not.toContain(LISTED);
    expect(nft).toContain(
      '# left out: revoked 0, expired 0, decayed 0; on a warninglist or exclusion list 1; above TLP:AMBER 0; below score 50 0',
    );
    const ipset = exported('iptables').text;
    expect(body(ipset).filter((l) => l.startsWith('add '))).toEqual([`add cti-v4-next ${IP} -exist`]);
  });

  it('csv: a row per value with score and sources', () => {
    const { text } = exported('csv');
    const rows = body(text)
      .slice(1)
      .map((l) => l.split(','));
    expect(rows.map((r) => r[1])).toEqual([IP, 'evil.example', URL_VALUE, SHA256]);
    expect(rows[0]!.at(-1)).toBe('Test feed\r');
  });

  it('refuses bad input with exit 2 and writes nothing', () => {
    const out = outFile('never.txt');
    const cases: [string[], RegExp][] = [
      [
        ['export', 'snort'],
        /unknown format "snort"; one of: stix, misp, zeek-intel, suricata, rpz, text, nftables, iptables, csv, misp-feed/,
      ],
      [['export', 'text', '--min-score', '101'], /--min-score takes a whole number from 0 to 100/],
      [['export', 'text', '--min-score', 'high'], /--min-score takes a whole number/],
      [['export', 'text', '--max-tlp', 'purple'], /--max-tlp takes clear, green, amber, amber\+strict, red/],
      [['export', 'text', '--source', 'Nope'], /unknown source "Nope"; sources: .*Test feed/],
      [['export', 'text', '--type', 'ipv5'], /unknown indicator type "ipv5"/],
      [['export', 'suricata'], /suricata needs --out FILE/],
    ];
    for (const [args, message] of cases) {
      const r = intel(args[1] === 'suricata' ? args : [...args, '--out', out]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(2);
      expect(existsSync(out)).toBe(false);
    }
    const r = intel(['export', 'text', '--out', path.join(scratch, 'no-such-folder', 'x.txt')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write --out .*x\.txt: the folder .*no-such-folder does not exist/);
  });

  it('misp-feed: manifest, an event per source, hashes.csv, README; our MISP importer reads the events back', async () => {
    const folder = path.join(scratch, 'feed');
    const r = intel(['export', 'misp-feed', '--out', folder, '--min-score', '50']);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Record<
      string,
      { info: string; timestamp: string }
    >;
    const uuids = Object.keys(manifest);
    expect(
      Object.values(manifest)
        .map((e) => e.info)
        .sort(),
    ).toEqual([
      'CTI platform for security controls: Other feed',
      'CTI platform for security controls: Test feed',
    ]);
    const readme = readFileSync(path.join(folder, 'README.txt'), 'utf8');
    expect(readme).toContain('holds 5 values');
    expect(readme).toContain(LEFT_OUT);
    const hashes = readFileSync(path.join(folder, 'hashes.csv'), 'utf8').trim().split('\n');
    expect(hashes).toHaveLength(5);
    for (const line of hashes) expect(line).toMatch(new RegExp(`^[0-9a-f]{32},(${uuids.join('|')})$`));
    await emptyKnowledgeBase(db);
    for (const uuid of uuids)
      expect(intel(['import', path.join(folder, `${uuid}.json`), '--format', 'misp']).code).toBe(0);
    const { rows } = await db.query<{ type: string; value: string }>(
      'select type::text, value from public.indicators order by type, value',
    );
    expect(rows.map((r) => `${r.type} ${r.value}`).sort()).toEqual(
      [
        ...Object.entries(HELD).flatMap(([t, vs]) => vs.map((v) => `${t} ${v}`)),
        'domain other.example',
      ].sort(),
    );
  });
});
