/**
 * The measured steps. Each takes the bench stack as the previous step left it (plan.ts resets it
 * where a scenario needs an empty database) and returns its figures plus the checks that failed:
 * a check is about correctness (the re-import changed nothing…), a target about speed.
 */
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../../scripts/lib/setup.mjs';
import type { BenchStack } from './bench-stack.js';
import type { GeneratedFile } from './generate.js';
import { runImporter, type ImportRun } from './importer.js';
import { watchMachine, type MachineLoad } from './machine-load.js';

export const SOURCE = 'bench ThreatFox';
export const SECOND_SOURCE = 'bench ThreatFox mirror';
/** The shared data set beside the checkout (/work/shared): ATT&CK v18.1 enterprise, 24,771 objects. */
export const ATTACK_FILE = path.resolve(
  ROOT,
  '..',
  'shared',
  'data',
  'mitre-attack',
  'enterprise-attack-18.1.stix20.json.gz',
);

type Log = (line: string) => void;

export interface Step {
  run: ImportRun;
  /** Records per second of the importer's own clock (its JSON `seconds`), as the target means it. */
  perSecond: number;
  /** Checks that failed; empty when all held. */
  problems: string[];
  /** Load and CPU steal while the importer ran. */
  machine: MachineLoad;
}

export interface SecondSourceStep extends Step {
  provenanceAdded: number;
  indicatorsChanged: number;
}

export interface TableSizes {
  indicators: { rows: number; bytes: number; indexBytes: number };
  indicatorSources: { rows: number; bytes: number; indexBytes: number };
}

async function withDb<T>(stack: BenchStack, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function count(stack: BenchStack, sql: string, params: unknown[] = []): Promise<number> {
  return withDb(stack, async (db) => Number((await db.query<{ n: string }>(sql, params)).rows[0]?.n ?? NaN));
}

/** The importer's counts for one kind (`indicators`, `objects`…) from its JSON `counts.byKind`. */
function kindCounts(run: ImportRun, kind: string): { inserted: number; updated: number; unchanged: number } {
  const byKind = run.summary.counts.byKind as Record<
    string,
    { inserted: number; updated: number; unchanged: number }
  >;
  return byKind?.[kind] ?? { inserted: 0, updated: 0, unchanged: 0 };
}

async function importStep(
  stack: BenchStack,
  file: string,
  source: string,
  format: string,
  log: Log,
): Promise<Step> {
  const done = watchMachine();
  const run = await runImporter(file, { dbUrl: stack.dbUrl, source, format, log });
  const machine = done();
  const s = run.summary;
  log(
    `  ${s.records.toLocaleString('en')} records in ${s.seconds.toFixed(1)} s (wall ${run.wallSeconds.toFixed(1)} s): ` +
      `+${s.inserted} ~${s.updated} =${s.unchanged} ✗${s.rejected}, peak RSS ${run.peakRssMb.toFixed(0)} MB`,
  );
  const problems: string[] = [];
  if (s.rejected > 0)
    problems.push(`${s.rejected} rejected (first: ${s.rejects[0]?.where}: ${s.rejects[0]?.reason})`);
  return { run, perSecond: s.records / s.seconds, problems, machine };
}

/** A new file into an empty knowledge base: every distinct value becomes an indicator. */
export async function ingest(stack: BenchStack, file: GeneratedFile, log: Log): Promise<Step> {
  const step = await importStep(stack, file.file, SOURCE, 'threatfox', log);
  const distinct = file.rows - file.duplicates;
  const inserted = kindCounts(step.run, 'indicators').inserted;
  if (step.run.summary.records !== file.rows)
    step.problems.push(`${step.run.summary.records} records read of ${file.rows} rows`);
  if (inserted !== distinct)
    step.problems.push(`${inserted} indicators inserted, ${distinct} distinct values`);
  return step;
}

/** The same file again from the same source: nothing may change. */
export async function reimport(stack: BenchStack, file: GeneratedFile, log: Log): Promise<Step> {
  const step = await importStep(stack, file.file, SOURCE, 'threatfox', log);
  const { inserted, updated } = step.run.summary;
  if (inserted !== 0 || updated !== 0)
    step.problems.push(`inserted ${inserted}, updated ${updated} (0 and 0 expected)`);
  return step;
}

/** The same file from another source: the indicators stay as they are, provenance rows are added. */
export async function secondSource(
  stack: BenchStack,
  file: GeneratedFile,
  log: Log,
): Promise<SecondSourceStep> {
  const since = await withDb(
    stack,
    async (db) => (await db.query<{ t: string }>('select now()::text as t')).rows[0]!.t,
  );
  const before = {
    indicators: await count(stack, 'select count(*) as n from public.indicators'),
    provenance: await count(stack, 'select count(*) as n from public.indicator_sources'),
  };
  const step = await importStep(stack, file.file, SECOND_SOURCE, 'threatfox', log);
  const indicators = await count(stack, 'select count(*) as n from public.indicators');
  const provenanceAdded =
    (await count(stack, 'select count(*) as n from public.indicator_sources')) - before.provenance;
  const indicatorsChanged = await count(
    stack,
    'select count(*) as n from public.indicators where updated_at >= $1::timestamptz',
    [since],
  );
  const distinct = file.rows - file.duplicates;
  if (indicators !== before.indicators) step.problems.push(`indicators ${before.indicators} → ${indicators}`);
  if (indicatorsChanged > 0) step.problems.push(`${indicatorsChanged} indicators updated (0 expected)`);
  if (provenanceAdded !== distinct)
    step.problems.push(`${provenanceAdded} provenance rows added, ${distinct} expected`);
  return { ...step, provenanceAdded, indicatorsChanged };
}

export async function serverVersion(stack: BenchStack): Promise<string> {
  return withDb(
    stack,
    async (db) =>
      (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?',
  );
}

export async function tableSizes(stack: BenchStack): Promise<TableSizes> {
  return withDb(stack, async (db) => {
    const of = async (table: string) => {
      const { rows } = await db.query<{ n: string; bytes: string; index_bytes: string }>(
        `select (select count(*) from ${table}) as n, pg_total_relation_size($1::regclass) as bytes,
           pg_indexes_size($1::regclass) as index_bytes`,
        [table],
      );
      const r = rows[0]!;
      return { rows: Number(r.n), bytes: Number(r.bytes), indexBytes: Number(r.index_bytes) };
    };
    return {
      indicators: await of('public.indicators'),
      indicatorSources: await of('public.indicator_sources'),
    };
  });
}

/** MITRE ATT&CK enterprise into an empty knowledge base. */
export async function attack(stack: BenchStack, log: Log): Promise<Step> {
  return importStep(stack, ATTACK_FILE, 'MITRE ATT&CK', 'attack', log);
}
