/** Rows the analyst-page specs put in the knowledge base (and take out again), as the service role would. */
import { withDb } from './db';

/** A hostile indicator: a URL whose description tries to run script if it were ever parsed as HTML. */
export async function insertHostileIndicator(value: string, description: string): Promise<number> {
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into public.indicators (type, value, tlp, confidence, description, first_seen, last_seen)
       values ('url', $1, 'clear', 90, $2, now(), now()) returning id`,
      [value, description],
    );
    return rows[0]!.id;
  });
}

export async function deleteIndicators(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await withDb((client) => client.query('delete from public.indicators where id = any($1::bigint[])', [ids]));
}

export interface NewAlert {
  title: string;
  severity?: 'low' | 'medium' | 'high' | 'critical';
  description?: string;
  cveId?: string;
}

export async function raiseAlerts(alerts: readonly NewAlert[]): Promise<string[]> {
  return withDb(async (client) => {
    const ids: string[] = [];
    for (const alert of alerts) {
      const { rows } = await client.query<{ id: string }>(
        `insert into public.enhanced_security_alerts (title, severity, description, category, source, cve_id)
         values ($1, $2, $3, 'e2e', 'e2e', $4) returning id`,
        [alert.title, alert.severity ?? 'high', alert.description ?? '', alert.cveId ?? null],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  });
}

export async function alertStatuses(ids: readonly string[]): Promise<Record<string, string>> {
  return withDb(async (client) => {
    const { rows } = await client.query<{ id: string; status: string }>(
      'select id, status from public.enhanced_security_alerts where id = any($1::uuid[])',
      [ids],
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  });
}
