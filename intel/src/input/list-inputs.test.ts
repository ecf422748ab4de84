import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import { isDataFileName, listInputFiles } from './list-inputs.js';

const dir = mkdtempSync(path.join(tmpdir(), 'list-inputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const touch = (...parts: string[]) => {
  const file = path.join(dir, ...parts);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '{}');
  return file;
};

describe('listInputFiles', () => {
  it('a file is itself, whatever its name', async () => {
    const file = touch('README.md');
    expect(await listInputFiles(file)).toEqual([file]);
  });

  it('a folder: its data files, recursively, sorted by path; notes, licences and hidden files left out', async () => {
    for (const name of [
      '.hidden.json',
      'README.md',
      'notes.MD',
      'LICENSE',
      'LICENSE.txt',
      'Licence',
      'PROVENANCE.md',
      'provenance-2.txt',
      'MANIFEST-2025.tsv',
      'index.csv',
    ])
      touch('tree', name);
    touch('tree', '.git', 'config.json');
    const wanted = [
      touch('tree', 'b.json'),
      touch('tree', 'a', 'z.json'),
      touch('tree', 'a.json'),
      touch('tree', 'c', 'd', 'e.csv.gz'),
      touch('tree', 'c', 'index.csv.gz'),
    ];
    symlinkSync(wanted[0]!, path.join(dir, 'tree', 'link.json'));
    symlinkSync(path.join(dir, 'tree'), path.join(dir, 'tree', 'c', 'loop'));
    expect(await listInputFiles(path.join(dir, 'tree'))).toEqual(
      [...wanted, path.join(dir, 'tree', 'link.json')].sort(),
    );
  });

  it('the real record folders import as one run each', async () => {
    expect(await listInputFiles(sharedFile('cve-records'))).toHaveLength(130);
    const vulnrichment = await listInputFiles(sharedFile('vulnrichment'));
    expect(vulnrichment).toHaveLength(375);
    expect(vulnrichment.every((file) => /\/CVE-\d{4}-\d+\.json$/.test(file))).toBe(true);
  });

  it('an empty folder has no files; a missing path is an error', async () => {
    mkdirSync(path.join(dir, 'empty'));
    expect(await listInputFiles(path.join(dir, 'empty'))).toEqual([]);
    await expect(listInputFiles(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('names', () => {
    expect(
      ['data.json', 'CVE-2021-44228.json', 'epss.csv.gz', 'index.csv.gz', 'licensed-feed.json'].filter(
        isDataFileName,
      ),
    ).toEqual(['data.json', 'CVE-2021-44228.json', 'epss.csv.gz', 'index.csv.gz']);
  });
});
