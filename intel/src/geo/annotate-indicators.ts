import type { ClientBase } from 'pg';
import { geoColumns } from './annotate-value.js';

export interface AnnotateProgress {
  /** Address and ASN indicators read so far. */
  read: number;
  /** Of them, rows whose AS or country changed. */
  changed: number;
}

/**
 * Re-annotates every ipv4, ipv6 and asn indicator from the loaded offline database, in batches by
 * id (each its own short transaction: a long run never holds the table), writing only the rows
 * whose AS or country changed. The database must be the one `geoDatabase()` answers from.
 */
export async function annotateIndicators(
  db: ClientBase,
  options: { batchSize?: number; onProgress?: (p: AnnotateProgress) => void } = {},
): Promise<AnnotateProgress> {
  const batchSize = options.batchSize ?? 20_000;
  const progress: AnnotateProgress = { read: 0, changed: 0 };
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ id: string; type: 'ipv4' | 'ipv6' | 'asn'; value: string }>(
      `select id, type::text as type, value from public.indicators
        where type in ('ipv4', 'ipv6', 'asn') and id > $1 order by id limit $2`,
      [after, batchSize],
    );
    if (rows.length === 0) break;
    const ids: string[] = [];
    const asns: (number | null)[] = [];
    const names: (string | null)[] = [];
    const countries: (string | null)[] = [];
    for (const row of rows) {
      const [asn, name, country] = geoColumns(row.type, row.value);
      ids.push(row.id);
      asns.push(asn);
      names.push(name);
      countries.push(country);
    }
    const { rowCount } = await db.query(
      `update public.indicators i set asn = v.asn, as_name = v.as_name, country = v.country
         from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) as v (id, asn, as_name, country)
        where i.id = v.id and (i.asn, i.as_name, i.country) is distinct from (v.asn, v.as_name, v.country)`,
      [ids, asns, names, countries],
    );
    progress.read += rows.length;
    progress.changed += rowCount ?? 0;
    after = Number(rows[rows.length - 1]!.id);
    options.onProgress?.({ ...progress });
  }
  return progress;
}
