/**
 * Imports as a denial-of-service lever (issue 36 items 5 and 6): hostile files run through the
 * importer itself (the intel CLI, as the worker runs it) against the stack's database, and what
 * they cost is read back over REST as the service role.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../shared/stack-env.js';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { suite } from './context.js';

const { target, runId } = suite();
const service = apiHeaders(target.serviceRoleKey);
const dir = mkdtempSync(path.join(tmpdir(), 'security-imports-'));

interface ImportResult {
  status: string;
  records: number;
  rejects: { where: string; reason: string }[];
  error?: string;
}

/** `intel import FILE --format stix --json` into the target's database, with extra environment. */
function importStix(name: string, content: string | Buffer, env: Record<string, string> = {}): ImportResult {
  if (!target.dbUrl) throw new Error('the import checks need the database URL (DB_URL) of the stack');
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const result = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'intel/bin/intel.mjs'),
      'import',
      file,
      '--format',
      'stix',
      '--source',
      `security ${runId} ${name}`,
      '--db-url',
      target.dbUrl,
      '--json',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  );
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (!line.startsWith('{'))
    throw new Error(`intel import printed no summary: ${result.stderr.slice(0, 500)}`);
  return JSON.parse(line) as ImportResult;
}

/** Addresses of the benchmarking range 198.18.0.0/15 (RFC 2544), where no real indicator lives. */
const ip = (i: number) => `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
const OFFSETS = [0, 1000, 5000];
/** A bundle of one indicator whose pattern ORs `n` addresses. */
function orBundle(n: number, seed: number): string {
  const id = `6f0a1e50-0000-4000-8${String(seed).padStart(3, '0')}-${String(n).padStart(12, '0')}`;
  const pattern = `[${Array.from({ length: n }, (_, i) => `ipv4-addr:value = '${ip(i + OFFSETS[seed - 1]!)}'`).join(' OR ')}]`;
  return JSON.stringify({
    type: 'bundle',
    id: `bundle--${id}`,
    objects: [
      {
        type: 'indicator',
        spec_version: '2.1',
        id: `indicator--${id}`,
        created: '2026-11-01T00:00:00Z',
        modified: '2026-11-01T00:00:00Z',
        valid_from: '2026-11-01T00:00:00Z',
        pattern_type: 'stix',
        pattern,
      },
    ],
  });
}

/** The ids of the sources this file's imports created. */
async function ourSources(): Promise<string[]> {
  const res = await httpRequest(
    `${target.apiUrl}/rest/v1/sources?select=id&name=like.${encodeURIComponent(`security ${runId} *`)}`,
    { headers: service },
  );
  return (res.json as { id: string }[]).map((s) => s.id);
}

/** Removes what the imports wrote: their indicators, runs and sources. */
async function removeImports(): Promise<void> {
  for (const id of await ourSources()) {
    for (;;) {
      const page = await httpRequest(
        `${target.apiUrl}/rest/v1/indicator_sources?select=indicator_id&source_id=eq.${id}&limit=500`,
        { headers: service },
      );
      const ids = (page.json as { indicator_id: string }[]).map((r) => r.indicator_id);
      if (ids.length === 0) break;
      await httpRequest(`${target.apiUrl}/rest/v1/indicators?id=in.(${ids.join(',')})`, {
        method: 'DELETE',
        headers: service,
      });
    }
    await httpRequest(`${target.apiUrl}/rest/v1/import_runs?source_id=eq.${id}`, {
      method: 'DELETE',
      headers: service,
    });
    await httpRequest(`${target.apiUrl}/rest/v1/sources?id=eq.${id}`, { method: 'DELETE', headers: service });
  }
}

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await removeImports();
});

/** Rows and JSON bytes of the provenance (indicator_sources.context) an import's source holds. */
async function provenance(name: string): Promise<{ rows: number; bytes: number }> {
  const source = await httpRequest(
    `${target.apiUrl}/rest/v1/sources?select=id&name=eq.${encodeURIComponent(`security ${runId} ${name}`)}`,
    { headers: service },
  );
  const [row] = source.json as { id: string }[];
  if (!row) throw new Error(`no source for ${name}`);
  let rows = 0;
  let bytes = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await httpRequest(
      `${target.apiUrl}/rest/v1/indicator_sources?select=context&source_id=eq.${row.id}&order=indicator_id&limit=1000&offset=${offset}`,
      { headers: service },
    );
    const contexts = page.json as { context: unknown }[];
    rows += contexts.length;
    bytes += contexts.reduce((sum, c) => sum + JSON.stringify(c.context).length, 0);
    if (contexts.length < 1000) return { rows, bytes };
  }
}

describe('Imports · denial of service (issue 36)', () => {
  it('a 4,000-value OR pattern stores provenance linear in its size (item 5)', async () => {
    expect(importStix('or-1000.json', orBundle(1000, 1))).toMatchObject({
      status: 'succeeded',
      records: 1000,
    });
    expect(importStix('or-4000.json', orBundle(4000, 2))).toMatchObject({
      status: 'succeeded',
      records: 4000,
    });
    const small = await provenance('or-1000.json');
    const large = await provenance('or-4000.json');
    expect(small.rows).toBe(1000);
    expect(large.rows).toBe(4000);
    // Four times the values, about four times the bytes (the whole pattern in every row: sixteen).
    expect(large.bytes / small.bytes).toBeLessThan(4.5);
  });

  it('a pattern ORing more than 10,000 comparisons is refused with the reason (item 5)', () => {
    const result = importStix('or-10001.json', orBundle(10_001, 3));
    expect(result.rejects).toEqual([
      {
        where: '$.objects[0]',
        reason:
          'pattern: more than 10,000 comparisons joined by OR (the limit per pattern); split the indicator into smaller ones',
      },
    ]);
  });

  const indicatorWith = (extra: Record<string, unknown>) =>
    JSON.stringify({
      type: 'bundle',
      id: 'bundle--6f0a1e50-0000-4000-8000-000000000006',
      objects: [
        {
          type: 'indicator',
          id: 'indicator--6f0a1e50-0000-4000-8000-000000000006',
          pattern_type: 'stix',
          pattern: "[ipv4-addr:value = '192.0.2.6']",
          ...extra,
        },
      ],
    });

  it('a 64 KB gzip holding a 64 MiB string is refused before the importer holds it (item 6)', () => {
    const bomb = gzipSync(indicatorWith({ description: 'x'.repeat(64 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(importStix('long-string.json.gz', bomb)).toMatchObject({
      status: 'failed',
      error: 'a JSON value is longer than 16,777,216 characters (the limit, INTEL_MAX_JSON_TOKEN_CHARS)',
    });
  });

  it('decompressed size is bounded, configurably (item 6)', () => {
    const padded = gzipSync(
      indicatorWith({ x_padding: Array.from({ length: 40_000 }, () => 'x'.repeat(100)) }),
    );
    expect(
      importStix('padded.json.gz', padded, { INTEL_MAX_DECOMPRESSED_BYTES: String(1024 * 1024) }),
    ).toMatchObject({
      status: 'failed',
      error: 'the file decompresses to more than 1,048,576 bytes (the limit, INTEL_MAX_DECOMPRESSED_BYTES)',
    });
  });

  it('nesting deeper than the bound is refused (item 6)', () => {
    const deep = indicatorWith({ x_deep: JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) as unknown });
    expect(importStix('deep.json', deep)).toMatchObject({
      status: 'failed',
      error: 'JSON nested deeper than 64 levels (the limit, INTEL_MAX_JSON_DEPTH)',
    });
  });
});
