/**
 * Server time of the pages' reads as an analyst sees them (RLS applies): EXPLAIN ANALYZE planning +
 * execution of each RPC call, several runs each, over a pg connection that has set the role and the
 * JWT claims the gateway would set.
 */
import pg from 'pg';
import { percentile } from '../stack/stats.js';

export interface TimedQuery {
  label: string;
  sql: string;
}

export interface ServerFigure {
  label: string;
  p50: number;
  p95: number;
  runs: number;
}

/** The unified search queries: names, typos, ids, defanged and plain values, common words. */
export const SEARCHES = [
  'cobalt strike',
  'cobalstrike',
  'emotett',
  'T1059',
  'T1059.001',
  'G0007',
  'CVE-2024-3',
  'CVE-2021-44228',
  'hxxp://example[.]com',
  'fortinet',
  'apt28',
  'lazarus',
  'ransomware',
  'phishing',
  'login',
  '1.2.3.4',
  '10.0.0',
  'd41d8cd98f00b204e9800998ecf8427e',
  'microsoft exchange',
  'ivanti',
  'qakbot',
  'asyncrat',
] as const;

export const IOC_QUERIES: TimedQuery[] = [
  {
    label: 'IOC first page (last seen)',
    sql: `select * from public.search_indicators(_revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC type = domain',
    sql: `select * from public.search_indicators(_types => '{domain}', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC TLP:CLEAR',
    sql: `select * from public.search_indicators(_tlps => '{clear}', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC confidence ≥ 90',
    sql: `select * from public.search_indicators(_min_confidence => 90, _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC seen in 30 days',
    sql: `select * from public.search_indicators(_seen_since => now() - interval '30 days', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC value contains "abc"',
    sql: `select * from public.search_indicators(_value => 'abc', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC sort first seen',
    sql: `select * from public.search_indicators(_sort => 'first_seen', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC score ≥ 60 sorted by score',
    sql: `select * from public.search_indicators(_min_score => 60, _sort => 'score', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC sorted by score',
    sql: `select * from public.search_indicators(_sort => 'score', _revoked => false, _limit => 200)`,
  },
  {
    label: 'IOC sort value',
    sql: `select * from public.search_indicators(_sort => 'value', _revoked => false, _limit => 200)`,
  },
  { label: 'IOC count (active)', sql: `select * from public.count_indicators(_revoked => false)` },
  {
    label: 'IOC count score ≥ 60',
    sql: `select * from public.count_indicators(_min_score => 60, _revoked => false)`,
  },
  {
    label: 'IOC count (sha256)',
    sql: `select * from public.count_indicators(_types => '{sha256}', _revoked => false)`,
  },
  { label: 'dashboard figures', sql: `select * from public.dashboard_figures()` },
  { label: 'top malware', sql: `select * from public.top_malware(10)` },
  { label: 'KEV feed by EPSS', sql: `select * from public.kev_feed(_sort => 'epss', _limit => 200)` },
  // Threat Analytics, each chart over all time (its widest period).
  ...[
    'analytics_indicators_by_type',
    'analytics_indicators_by_source',
    'analytics_alert_volume',
    'analytics_alert_response',
    'analytics_kev_additions',
    'analytics_kev_by_vendor',
    'analytics_kev_epss',
    'analytics_technique_frequency',
  ].map((fn) => ({
    label: `${fn.replace('analytics_', 'analytics: ')} (all)`,
    sql: `select * from public.${fn}('all')`,
  })),
];

async function asAnalyst(client: pg.Client, userId: string): Promise<void> {
  await client.query('begin');
  await client.query('set local role authenticated');
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
  ]);
}

async function serverMs(client: pg.Client, sql: string): Promise<number> {
  const { rows } = await client.query(`explain (analyze, format json) ${sql}`);
  const plan = rows[0]['QUERY PLAN'][0] as { 'Planning Time': number; 'Execution Time': number };
  return plan['Planning Time'] + plan['Execution Time'];
}

export async function measureServer(
  dbUrl: string,
  userId: string,
  runs = 5,
): Promise<{ queries: ServerFigure[]; search: ServerFigure }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await asAnalyst(client, userId);
    const queries: ServerFigure[] = [];
    for (const query of IOC_QUERIES) {
      await serverMs(client, query.sql); // warm the cache and the plan
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await serverMs(client, query.sql));
      times.sort((a, b) => a - b);
      queries.push({ label: query.label, p50: percentile(times, 50), p95: percentile(times, 95), runs });
    }
    const search: number[] = [];
    for (const term of SEARCHES) {
      const sql = `select * from public.unified_search(${client.escapeLiteral(term)})`;
      await serverMs(client, sql);
      for (let i = 0; i < 3; i += 1) search.push(await serverMs(client, sql));
    }
    search.sort((a, b) => a - b);
    await client.query('rollback');
    return {
      queries,
      search: {
        label: `unified search, ${SEARCHES.length} queries × 3`,
        p50: percentile(search, 50),
        p95: percentile(search, 95),
        runs: search.length,
      },
    };
  } finally {
    await client.end();
  }
}
