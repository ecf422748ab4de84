import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../src/testing/shared-data.js';
import { emptyKnowledgeBase, openDb, tempFile } from './helpers/db.js';
import { intelEnv } from './helpers/env.js';

const BIN = path.resolve(import.meta.dirname, '../bin/intel.mjs');

function intel(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args, '--db-url', intelEnv().dbUrl], {
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
const lastLine = (text: string) => JSON.parse(text.trim().split('\n').at(-1)!) as Record<string, unknown>;

let db: pg.Client;
beforeAll(async () => {
  db = await openDb();
  await emptyKnowledgeBase(db);
});
afterAll(async () => db.end());

describe('npm run intel', () => {
  it('import --json ends stdout with one JSON object and exits 0 when the run committed', () => {
    const result = intel(['import', sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv'), '--json']);
    expect(result.code).toBe(0);
    const json = lastLine(result.stdout);
    expect(json).toMatchObject({
      format: 'feodo',
      source: 'abuse.ch Feodo Tracker',
      rejected: 0,
      rejects: [],
    });
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(['format', 'source', 'inserted', 'updated', 'unchanged', 'rejected', 'rejects']),
    );
    expect(json.inserted).toBeGreaterThan(0);
  });

  it('exits 0 with rejects listed by location, and non-zero when the input is refused as a whole', () => {
    const partly = intel([
      'import',
      tempFile(
        'urlhaus-partly.csv',
        '# URLhaus\nid,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n1,2026-08-18 10:00:00,http://ok.example/a,online,2026-08-18 10:00:00,malware_download,elf,https://urlhaus.abuse.ch/url/1/,r\n2,2026-08-18 10:00:00,not a url at all,online,,malware_download,,https://urlhaus.abuse.ch/url/2/,r\n',
      ),
      '--json',
    ]);
    expect(partly.code).toBe(0);
    expect(lastLine(partly.stdout)).toMatchObject({
      inserted: 1,
      rejected: 1,
      rejects: [{ where: 'line 4', reason: expect.any(String) }],
    });
    const refused = intel(['import', tempFile('nothing.json', ''), '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/nothing was written/);
  });

  it('names a format with --format and refuses an unknown one with the list', () => {
    const wrong = intel([
      'import',
      sharedFile('abusech/feodotracker-ipblocklist-2024-04-04.csv'),
      '--format',
      'nope',
    ]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/unknown format "nope"; one of: kev, epss/);
  });

  it('sources lists each source with its last run', () => {
    const result = intel(['sources']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/abuse\.ch Feodo Tracker\s+feodo\s+B\s+clear\s+succeeded/);
    const json = JSON.parse(intel(['sources', '--json']).stdout) as { name: string; status: string }[];
    expect(json.map((s) => s.name)).toContain('abuse.ch URLhaus');
  });
});
