/** Direct SQL on the stack's database (service-level setup the app itself must never do). */
import pg from 'pg';
import { readStackEnv } from './stack-env';

export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: readStackEnv().dbUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface AlertRow {
  status?: 'new' | 'acknowledged' | 'investigating' | 'resolved' | 'dismissed';
  /** How long before now the alert was raised. */
  ageMs?: number;
}

/** Inserts alerts (source 'e2e', titled with `tag`) and answers their ids for the clean-up. */
export async function insertAlerts(tag: string, rows: readonly AlertRow[]): Promise<string[]> {
  return withDb(async (client) => {
    const ids: string[] = [];
    for (const row of rows) {
      const result = await client.query<{ id: string }>(
        `insert into public.enhanced_security_alerts (title, status, source, created_at)
         values ($1, $2, 'e2e', now() - make_interval(secs => $3::double precision / 1000))
         returning id`,
        [`${tag} alert`, row.status ?? 'new', row.ageMs ?? 0],
      );
      ids.push(result.rows[0]!.id);
    }
    return ids;
  });
}

/** The badge's number as the database sees it: status 'new', raised within the last `windowMs`. */
export async function countNewAlerts(windowMs: number): Promise<number> {
  return withDb(async (client) => {
    const result = await client.query<{ count: string }>(
      `select count(*) from public.enhanced_security_alerts
        where status = 'new' and created_at >= now() - make_interval(secs => $1::double precision / 1000)`,
      [windowMs],
    );
    return Number(result.rows[0]!.count);
  });
}

/** Removes only the rows a spec inserted, so the suite can run against a stack with other data. */
export async function deleteAlerts(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withDb((client) =>
    client.query('delete from public.enhanced_security_alerts where id = any($1::uuid[])', [ids]),
  );
}
