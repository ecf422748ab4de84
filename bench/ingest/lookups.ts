/**
 * One indicator looked up by value, as the IOC page and the hunting page do: server time from
 * EXPLAIN ANALYZE (planning + execution, the figure the target speaks of) and wall time through
 * the REST gateway with a service key.
 */
import pg from 'pg';
import { percentile } from '../stack/stats.js';

export interface LookupFigures {
  serverP50: number;
  serverP95: number;
  serverP99: number;
  restP50: number;
  restP95: number;
  samples: number;
}

export async function measureLookups(
  dbUrl: string,
  apiUrl: string,
  serviceKey: string,
  count = 1000,
): Promise<LookupFigures> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ value: string }>(
      `select value from public.indicators tablesample system (1) limit $1`,
      [count],
    );
    const values = [
      ...rows.map((r) => r.value),
      ...Array.from({ length: count / 5 }, (_, i) => `absent-${i}.example`),
    ];
    const server: number[] = [];
    for (const value of values) {
      const { rows: plan } = await db.query<{
        'QUERY PLAN': [{ 'Planning Time': number; 'Execution Time': number }];
      }>('explain (analyze, format json) select * from public.indicators where value = $1', [value]);
      const p = plan[0]!['QUERY PLAN'][0];
      server.push(p['Planning Time'] + p['Execution Time']);
    }
    const rest: number[] = [];
    for (const value of values.slice(0, 300)) {
      const started = performance.now();
      const res = await fetch(`${apiUrl}/rest/v1/indicators?value=eq.${encodeURIComponent(value)}&select=*`, {
        headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
      });
      await res.arrayBuffer();
      rest.push(performance.now() - started);
    }
    return {
      serverP50: percentile(server, 50),
      serverP95: percentile(server, 95),
      serverP99: percentile(server, 99),
      restP50: percentile(rest, 50),
      restP95: percentile(rest, 95),
      samples: values.length,
    };
  } finally {
    await db.end();
  }
}
