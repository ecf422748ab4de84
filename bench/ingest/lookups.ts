/**
 * One indicator looked up by value, as a search box or an enrichment call does: the server's
 * own time (EXPLAIN ANALYZE: planning + execution, what the < 5 ms target is about) over a pg
 * connection, and the wall time of the same lookup through the REST gateway with the service key.
 * Values present in the table are drawn at random by id; absent ones are well-formed values the
 * generator never makes (TEST-NET addresses, .example names, random hashes).
 */
import pg from 'pg';
import { percentile } from '../stack/stats.js';
import { Prng } from './prng.js';
import { hash } from './values.js';

export const PRESENT = 1000;
export const ABSENT = 200;
/** Lookups run before measuring, so the first ones do not pay for the connection's catalog cache. */
const WARMUP = 20;
const SQL = 'explain (analyze, format json) select * from public.indicators where value = $1';

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LookupResult {
  /** How Postgres finds the row, e.g. "Index Scan using indicators_value_type_key". */
  plan: string;
  server: { present: Spread; absent: Spread };
  rest: { present: Spread; absent: Spread };
  /** Lookups whose answer was wrong (a present value not found, an absent one found): must be 0. */
  wrongAnswers: number;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

const spread = (ms: number[]): Spread => ({
  n: ms.length,
  p50: percentile(ms, 50),
  p95: percentile(ms, 95),
  p99: percentile(ms, 99),
  max: Math.max(...ms),
});

/** The innermost scan and the rows it returned. */
function scanOf(node: PlanNode): PlanNode {
  const child = node.Plans?.[0];
  return child ? scanOf(child) : node;
}

async function presentValues(db: pg.Client, random: Prng, count: number): Promise<string[]> {
  const { rows } = await db.query<{ lo: string; hi: string }>(
    'select min(id)::text as lo, max(id)::text as hi from public.indicators',
  );
  const lo = Number(rows[0]?.lo ?? 0);
  const span = Number(rows[0]?.hi ?? 0) - lo + 1;
  const found = new Map<number, string>();
  // Ids have gaps (the merge's upserts use up sequence numbers), so draw more than needed.
  for (let round = 0; found.size < count && round < 20; round++) {
    const ids = Array.from({ length: count * 2 }, () => lo + random.below(span)).filter(
      (id) => !found.has(id),
    );
    const batch = await db.query<{ id: string; value: string }>(
      'select id::text as id, value from public.indicators where id = any($1::bigint[])',
      [ids],
    );
    const byId = new Map(batch.rows.map((r) => [Number(r.id), r.value]));
    for (const id of ids) if (byId.has(id) && found.size < count) found.set(id, byId.get(id)!);
  }
  if (found.size < count) throw new Error(`only ${found.size} indicators to look up, ${count} wanted`);
  return [...found.values()];
}

function absentValue(random: Prng, i: number): string {
  switch (i % 5) {
    case 0:
      return `${random.pick(['198.51.100', '203.0.113'])}.${random.below(256)}`;
    case 1:
      return `absent${random.uint32().toString(36)}.example`;
    case 2:
      return hash(random, 16).toLowerCase();
    default:
      return hash(random, 32).toLowerCase();
  }
}

export async function measureLookups(
  stack: { dbUrl: string; apiUrl: string; serviceRoleKey: string },
  log: (line: string) => void,
): Promise<LookupResult> {
  const random = new Prng(7, 7);
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const present = await presentValues(db, random, PRESENT + WARMUP);
    const absent = Array.from({ length: ABSENT }, (_, i) => absentValue(random, i));
    const warmup = present.splice(0, WARMUP);
    const all = [
      ...present.map((value) => ({ value, present: true })),
      ...absent.map((value) => ({ value, present: false })),
    ];
    // One order for both paths, present and absent mixed, as real lookups come.
    for (let i = all.length - 1; i > 0; i--) {
      const j = random.below(i + 1);
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    const explain = async (value: string): Promise<Explained> => {
      const { rows } = await db.query<{ 'QUERY PLAN': Explained[] }>(SQL, [value]);
      return rows[0]!['QUERY PLAN'][0]!;
    };
    const rest = async (value: string): Promise<{ ms: number; rows: number }> => {
      const started = performance.now();
      const response = await fetch(
        `${stack.apiUrl}/rest/v1/indicators?value=eq.${encodeURIComponent(value)}&select=*`,
        { headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` } },
      );
      const body: unknown = await response.json();
      const ms = performance.now() - started;
      if (!response.ok || !Array.isArray(body)) throw new Error(`REST lookup: HTTP ${response.status}`);
      return { ms, rows: body.length };
    };

    for (const value of warmup) await explain(value);
    log(`  ${all.length} lookups over pg (EXPLAIN ANALYZE)…`);
    const server = { present: [] as number[], absent: [] as number[] };
    let wrongAnswers = 0;
    let plan = '';
    for (const { value, present: isPresent } of all) {
      const explained = await explain(value);
      const scan = scanOf(explained.Plan);
      if (isPresent && !plan)
        plan = `${scan['Node Type']}${scan['Index Name'] ? ` using ${scan['Index Name']}` : ''}`;
      if (isPresent !== scan['Actual Rows'] > 0) wrongAnswers++;
      server[isPresent ? 'present' : 'absent'].push(explained['Planning Time'] + explained['Execution Time']);
    }
    for (const value of warmup) await rest(value);
    log(`  the same ${all.length} lookups over REST…`);
    const wall = { present: [] as number[], absent: [] as number[] };
    for (const { value, present: isPresent } of all) {
      const { ms, rows } = await rest(value);
      if (isPresent !== rows > 0) wrongAnswers++;
      wall[isPresent ? 'present' : 'absent'].push(ms);
    }
    return {
      plan,
      server: { present: spread(server.present), absent: spread(server.absent) },
      rest: { present: spread(wall.present), absent: spread(wall.absent) },
      wrongAnswers,
    };
  } finally {
    await db.end();
  }
}
