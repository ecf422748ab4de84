/**
 * The floor of an ingest: what the same PostgreSQL takes to receive the same rows with nothing to
 * maintain. The rows the import stored (each indicator with its report: the columns the importer
 * sends) are written out once with `COPY … TO STDOUT`, then loaded with `COPY … FROM STDIN` into
 * an UNLOGGED table without indexes, constraints or triggers, five times; the median is the floor.
 * Ingestion as a ratio of it compares across machines (one machine did 11,600/s, another 3,589/s
 * on the same code): both sides pay the same disk, CPU and neighbours.
 * COPY: https://www.postgresql.org/docs/15/sql-copy.html
 */
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { BenchStack } from './bench-stack.js';
import { watchMachine, type MachineLoad } from './machine-load.js';

export interface FloorResult {
  rows: number;
  bytes: number;
  /** Seconds of each COPY FROM STDIN. */
  seconds: number[];
  /** Rows per second of the median COPY. */
  perSecond: number;
  machine: MachineLoad;
}

const ROWS_SQL = `select i.type, i.value, i.name, i.description, i.confidence, i.tlp, i.first_seen, i.last_seen,
  i.valid_from, i.valid_until, i.revoked, i.labels, i.kill_chain_phases, p.source_ref, p.reference, p.malware,
  p.context, p.pap
  from public.indicators i join public.indicator_sources p on p.indicator_id = i.id`;

const FLOOR_TABLE = `create unlogged table public.bench_floor (
  type public.indicator_type, value text collate "C", name text, description text, confidence smallint,
  tlp public.tlp_level, first_seen timestamptz, last_seen timestamptz, valid_from timestamptz,
  valid_until timestamptz, revoked boolean, labels text[], kill_chain_phases jsonb, source_ref text,
  reference text, malware text[], context jsonb, pap public.pap_level)`;

/** Five COPYs: on a busy machine three varied by 40 % (2.6 to 4.2 s for 95,036 rows). */
const ROUNDS = 5;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureFloor(
  stack: BenchStack,
  file: string,
  log: (line: string) => void,
): Promise<FloorResult> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    await pipeline(db.query(copyTo(`copy (${ROWS_SQL}) to stdout`)), createWriteStream(file));
    const bytes = statSync(file).size;
    await db.query('drop table if exists public.bench_floor');
    await db.query(FLOOR_TABLE);
    const seconds: number[] = [];
    let rows = 0;
    const done = watchMachine();
    for (let round = 0; round < ROUNDS; round++) {
      await db.query('truncate public.bench_floor');
      const t0 = performance.now();
      const sink = db.query(copyFrom('copy public.bench_floor from stdin'));
      await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), sink);
      seconds.push((performance.now() - t0) / 1000);
      rows = Number(sink.rowCount);
    }
    const machine = done();
    const perSecond = rows / median(seconds);
    log(
      `  floor: ${rows.toLocaleString('en')} rows by COPY in ${seconds.map((s) => s.toFixed(2)).join(', ')} s`,
    );
    return { rows, bytes, seconds, perSecond, machine };
  } finally {
    await db.query('drop table if exists public.bench_floor').catch(() => undefined);
    await db.end();
    rmSync(file, { force: true });
  }
}
