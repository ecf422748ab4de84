/**
 * The data and the user the scenarios need: bench_events filled to the requested size (in SQL,
 * with generate_series, then vacuumed so the owner's count is an index-only scan), the bench user
 * created through the auth admin API with a fresh password, and its access token.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StackInfo } from './stack-control.js';

/** Owners the rows are spread over: the bench user owns 1 row in OWNERS (1 %). */
export const OWNERS = 100;
/** bench_private.owner_id(1): the id the bench user is created with, so it owns a share of the rows. */
export const BENCH_USER_ID = '00000000-0000-4000-8000-000000000001';
export const BENCH_USER_EMAIL = 'bench-user@example.org';
/** The room the realtime subscribers are members of. */
export const BENCH_ROOM = 1;

export interface BenchUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

export interface CountPlan {
  /** Top scan node under the aggregate, e.g. "Index Only Scan". */
  scan: string;
  index: string | undefined;
  heapFetches: number | undefined;
  executionMs: number;
}

export function adminClient(stack: StackInfo): pg.Client {
  const client = new pg.Client({ connectionString: stack.dbUrl });
  client.on('error', () => undefined);
  return client;
}

/** Fills bench_events with `rows` rows unless it has them already; always vacuums (cheap when clean). */
export async function ensureEvents(
  admin: pg.Client,
  rows: number,
  log: (line: string) => void,
): Promise<void> {
  const { rows: current } = await admin.query<{ n: string }>('select count(*) as n from public.bench_events');
  if (Number(current[0]!.n) !== rows) {
    const started = Date.now();
    log(`filling bench_events with ${rows.toLocaleString('en')} rows over ${OWNERS} owners…`);
    await admin.query('select bench_private.fill_events($1, $2)', [rows, OWNERS]);
    log(`  filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Sets the visibility map (index-only scans need it) and the planner statistics.
  await admin.query('vacuum (analyze) public.bench_events');
}

/** The number of rows the bench user owns, counted directly (the answer both targets must give). */
export async function ownedCount(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'select count(*) as n from public.bench_events where owner_id = $1',
    [BENCH_USER_ID],
  );
  return Number(rows[0]!.n);
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function findScan(node: PlanNode): PlanNode | undefined {
  if (/Scan$/.test(node['Node Type']) && node['Node Type'] !== 'Result') return node;
  for (const child of node.Plans ?? []) {
    const found = findScan(child);
    if (found) return found;
  }
  return undefined;
}

/** EXPLAIN ANALYZE of the count as the bench user (role and claims as the API sets them). */
export async function explainCount(admin: pg.Client): Promise<CountPlan> {
  await admin.query('begin');
  try {
    await admin.query(
      `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
      [JSON.stringify({ sub: BENCH_USER_ID, role: 'authenticated' })],
    );
    const { rows } = await admin.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      'explain (analyze, format json) select pg_catalog.count(*) from public.bench_events',
    );
    const top = rows[0]!['QUERY PLAN'][0];
    const scan = findScan(top.Plan);
    return {
      scan: scan?.['Node Type'] ?? top.Plan['Node Type'],
      index: scan?.['Index Name'],
      heapFetches: scan?.['Heap Fetches'],
      executionMs: top['Execution Time'],
    };
  } finally {
    await admin.query('rollback');
  }
}

async function authRequest(
  stack: StackInfo,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { apikey: key, 'Content-Type': 'application/json' };
  if (key === stack.serviceRoleKey) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(`${stack.apiUrl}/auth/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { message: text };
  }
  return { status: response.status, json };
}

/** Creates the bench user (or resets its password when it survived a --keep run) and signs it in. */
export async function prepareUser(stack: StackInfo, admin: pg.Client): Promise<BenchUser> {
  const password = randomBytes(18).toString('base64url');
  const existing = await authRequest(stack, 'GET', `/admin/users/${BENCH_USER_ID}`, stack.serviceRoleKey);
  const saved =
    existing.status === 200
      ? await authRequest(stack, 'PUT', `/admin/users/${BENCH_USER_ID}`, stack.serviceRoleKey, {
          email: BENCH_USER_EMAIL,
          email_confirm: true,
          password,
        })
      : await authRequest(stack, 'POST', '/admin/users', stack.serviceRoleKey, {
          id: BENCH_USER_ID,
          email: BENCH_USER_EMAIL,
          password,
          email_confirm: true,
        });
  if (saved.status !== 200)
    throw new Error(`auth admin API refused the bench user (${saved.status}): ${JSON.stringify(saved.json)}`);
  await admin.query(
    'insert into public.bench_rooms_members (room_id, user_id) values ($1, $2) on conflict do nothing',
    [BENCH_ROOM, BENCH_USER_ID],
  );
  const accessToken = await signIn(stack, BENCH_USER_EMAIL, password);
  return { id: BENCH_USER_ID, email: BENCH_USER_EMAIL, password, accessToken };
}

export async function signIn(stack: StackInfo, email: string, password: string): Promise<string> {
  const { status, json } = await authRequest(stack, 'POST', '/token?grant_type=password', stack.anonKey, {
    email,
    password,
  });
  if (status !== 200 || typeof json.access_token !== 'string')
    throw new Error(`password sign-in failed (${status}): ${JSON.stringify(json)}`);
  return json.access_token;
}

/** The bcrypt cost of the bench user's stored hash (`$2a$10$…` → 10). */
export async function bcryptCost(admin: pg.Client): Promise<number | undefined> {
  const { rows } = await admin.query<{ h: string | null }>(
    'select encrypted_password as h from auth.users where id = $1',
    [BENCH_USER_ID],
  );
  const match = /^\$2[abxy]?\$(\d{2})\$/.exec(rows[0]?.h ?? '');
  return match ? Number(match[1]) : undefined;
}
