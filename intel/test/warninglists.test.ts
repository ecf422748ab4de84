import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { WorkspaceImportFailed } from '../src/workspace-import/import-run.js';
import {
  looksLikeWarninglists,
  runWarninglistsImport,
} from '../src/workspace-import/run-warninglists-import.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { count, emptyKnowledgeBase, openDb } from './helpers/db.js';

const DNS = 'List of known IPv4 public DNS resolvers';
const RFC1918 = 'List of RFC 1918 CIDR blocks';
const DAX = 'List of known dax30 webpages';

let db: pg.Client;

/** A folder in the upstream layout (lists/<name>/list.json): real lists linked, others written. */
function listsFolder(real: string[], written: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'warninglists-'));
  for (const name of real) {
    mkdirSync(path.join(root, 'lists', name), { recursive: true });
    symlinkSync(
      sharedFile('misp-warninglists', 'lists', name, 'list.json'),
      path.join(root, 'lists', name, 'list.json'),
    );
  }
  for (const [name, text] of Object.entries(written)) {
    mkdirSync(path.join(root, 'lists', name), { recursive: true });
    writeFileSync(path.join(root, 'lists', name, 'list.json'), text);
  }
  return root;
}

const holding = async (type: string, value: string) =>
  (await db.query<{ names: string[] }>('select private.warninglists_holding($1, $2) as names', [type, value]))
    .rows[0]!.names;

const ours = {
  name: 'Our test list',
  type: 'cidr',
  version: 1,
  description: 'test',
  matching_attributes: ['ip-dst'],
};

beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
  await db.query('delete from public.warninglists');
});
afterAll(async () => db.end());

describe('MISP warninglists: import, lookup, re-import', () => {
  const folder = listsFolder(['public-dns-v4', 'rfc1918', 'dax30'], { broken: '{"list": ["8.8.8.8"' });

  it('imports a folder as one run; a broken list is refused with its reason and the others are kept', async () => {
    expect(await looksLikeWarninglists(folder)).toBe(true);
    const run = await runWarninglistsImport(db, { inputs: [folder] });
    expect(run).toMatchObject({
      status: 'succeeded',
      format: 'misp-warninglist',
      source: 'MISP warninglists',
    });
    expect(run.counts.lists).toEqual({ inserted: 3, updated: 0, unchanged: 0, refused: 1 });
    expect(run.rejects).toEqual([
      {
        where: path.join('lists', 'broken', 'list.json'),
        reason: expect.stringMatching(
          /^list refused, nothing of it kept: not JSON \(malformed or truncated\)/,
        ) as string,
      },
    ]);
    const { rows } = await db.query<{ name: string; entry_count: number }>(
      'select name, entry_count from public.warninglists order by entry_count',
    );
    expect(rows).toEqual([
      { name: RFC1918, entry_count: 3 },
      { name: DAX, entry_count: 13 },
      { name: DNS, entry_count: 62_745 },
    ]);
    const recorded = await db.query('select status, format, records from public.import_runs where id = $1', [
      run.runId,
    ]);
    expect(recorded.rows).toEqual([
      { status: 'succeeded', format: 'misp-warninglist', records: 62_745 + 3 + 13 },
    ]);
  });

  it('names the lists holding a value, by type, and gives them to the app as indicators.warninglists', async () => {
    expect(await holding('ipv4', '8.8.8.8')).toEqual([DNS]);
    expect(await holding('ipv4', '10.20.30.40')).toEqual([RFC1918]);
    expect(await holding('domain', 'www.lufthansa.com')).toEqual([DAX]);
    expect(await holding('url', 'https://shop.bmw.de/x')).toEqual([]);
    expect(await holding('ipv4', '203.0.113.9')).toEqual([]);
    await db.query(
      `insert into public.indicators (type, value, tlp) values ('ipv4', '8.8.8.8', 'clear'), ('ipv4', '203.0.113.9', 'clear')`,
    );
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst.from('indicators').select('value, warninglists').order('value');
    expect(error).toBeNull();
    expect(data).toEqual([
      { value: '203.0.113.9', warninglists: [] },
      { value: '8.8.8.8', warninglists: [DNS] },
    ]);
  });

  it('re-imports without change, and a new version replaces the list: entries removed upstream disappear', async () => {
    const again = await runWarninglistsImport(db, { inputs: [folder] });
    expect(again.counts.lists).toEqual({ inserted: 0, updated: 0, unchanged: 3, refused: 1 });
    expect(await count(db, 'select 1 from public.warninglist_entries')).toBe(62_745 + 3 + 13);

    const file = path.join(
      listsFolder([], { ours: JSON.stringify({ ...ours, list: ['192.0.2.0/24', '198.51.100.7'] }) }),
      'lists/ours/list.json',
    );
    await runWarninglistsImport(db, { inputs: [file] });
    expect(await holding('ipv4', '192.0.2.10')).toEqual(['Our test list']);
    writeFileSync(file, JSON.stringify({ ...ours, version: 2, list: ['198.51.100.7', '2001:db8::/32'] }));
    const replaced = await runWarninglistsImport(db, { inputs: [file] });
    expect(replaced.counts.lists).toEqual({ inserted: 0, updated: 1, unchanged: 0, refused: 0 });
    expect(await holding('ipv4', '192.0.2.10')).toEqual([]);
    expect(await holding('ipv6', '2001:db8::1')).toEqual(['Our test list']);
    expect(
      (await db.query(`select version, entry_count from public.warninglists where name = 'Our test list'`))
        .rows,
    ).toEqual([{ version: '2', entry_count: 2 }]);
  });

  it('keeps a range with host bits set as its network and says so in the run', async () => {
    const file = path.join(
      listsFolder([], { ours: JSON.stringify({ ...ours, version: 3, list: ['192.0.2.77/24'] }) }),
      'lists/ours/list.json',
    );
    const run = await runWarninglistsImport(db, { inputs: [file] });
    expect(run.counts.normalised).toEqual([
      {
        where: 'ours/list.json $.list[0]',
        note: '192.0.2.77/24 has host bits set; kept as its network 192.0.2.0/24',
      },
    ]);
    expect(await holding('ipv4', '192.0.2.200')).toEqual(['Our test list']);
  });

  it('refuses a single bad file whole, with its name and the reason, and keeps nothing of it', async () => {
    const before = await count(db, 'select 1 from public.warninglist_entries');
    const file = path.join(
      listsFolder([], { bad: JSON.stringify({ ...ours, name: 'Bad', type: 'glob', list: ['x'] }) }),
      'lists/bad/list.json',
    );
    const failure = await runWarninglistsImport(db, { inputs: [file] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WorkspaceImportFailed);
    const { summary } = failure as WorkspaceImportFailed;
    expect(summary.error).toBe(
      'bad/list.json: unknown type "glob": one of string, substring, hostname, cidr, regex',
    );
    expect(
      (await db.query('select status, error from public.import_runs where id = $1', [summary.runId])).rows[0],
    ).toEqual({
      status: 'failed',
      error: summary.error,
    });
    expect(await count(db, `select 1 from public.warninglists where name = 'Bad'`)).toBe(0);
    expect(await count(db, 'select 1 from public.warninglist_entries')).toBe(before);
  });
});
