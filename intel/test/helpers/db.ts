import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  runImport,
  type ImportOptions,
  type ImportSummary,
  ImportFailed,
} from '../../src/pipeline/run-import.js';
import { intelEnv } from './env.js';

/** A connection to the test stack's database as its owner (what the CLI uses). */
export async function openDb(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: intelEnv().dbUrl });
  await client.connect();
  return client;
}

/** Empties the knowledge base so each test file starts from a fresh installation. */
export async function emptyKnowledgeBase(db: pg.Client): Promise<void> {
  await db.query(`truncate public.indicator_sources, public.indicators, public.vulnerabilities, public.intel_objects,
    public.relationships, public.sightings, public.sensors, public.import_runs, public.sources restart identity cascade`);
}

export async function importFiles(
  db: pg.Client,
  inputs: string[],
  options: Partial<ImportOptions> = {},
): Promise<ImportSummary> {
  return runImport(db, { inputs, ...options });
}

/** The failure summary of an import that must be refused as a whole. */
export async function refusedImport(
  db: pg.Client,
  inputs: string[],
  options: Partial<ImportOptions> = {},
): Promise<ImportSummary> {
  try {
    await runImport(db, { inputs, ...options });
  } catch (error) {
    if (error instanceof ImportFailed) return error.summary;
    throw error;
  }
  throw new Error('the import was expected to be refused, and it committed');
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'intel-test-'));

/** Writes a temporary input file and returns its path. */
export function tempFile(name: string, content: string | Buffer): string {
  const file = path.join(scratch, name);
  writeFileSync(file, content);
  return file;
}

export async function count(db: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from (${sql}) q`, params);
  return Number(rows[0]!.n);
}
