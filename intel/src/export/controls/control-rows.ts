import type { ClientBase } from 'pg';
import {
  controlRowOf,
  EXPORT_PAGE_SQL,
  type ControlRow,
  type ExportIndicatorRow,
  type IndicatorType,
  type Tlp,
} from './shared.js';

export { SERVER_VERDICTS, type ControlRow, type ServerVerdict } from './shared.js';

export interface ControlFilter {
  /** null: any source; [] only values without one; else reported by one of these. */
  sourceIds: string[] | null;
  maxTlp: Tlp;
  minScore: number;
  pageSize?: number;
  /** The time verdicts and scores are judged at (default: the transaction's now()). */
  now?: Date;
}

/**
 * One type's candidates, a page at a time in value order (keyset on the value, so constant memory
 * at any size), each with its verdict. Runs in the caller's transaction (the CLI: the service role,
 * read only).
 */
export async function* controlRows(
  db: ClientBase,
  type: IndicatorType,
  filter: ControlFilter,
): AsyncGenerator<ControlRow[]> {
  const size = filter.pageSize ?? 1000;
  let after = '';
  for (;;) {
    const { rows } = await db.query<ExportIndicatorRow>(EXPORT_PAGE_SQL, [
      type,
      filter.sourceIds,
      filter.maxTlp,
      filter.minScore,
      after,
      size,
      filter.now ?? null,
    ]);
    if (rows.length === 0) return;
    yield rows.map((r) => controlRowOf(type, r));
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.value;
  }
}

/** Source ids by name; names that are not sources are returned in `unknown`. */
export async function resolveSources(
  db: ClientBase,
  names: string[],
): Promise<{ ids: string[]; unknown: string[]; known: string[] }> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from public.sources order by name',
  );
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return {
    ids: names.flatMap((n) => byName.get(n) ?? []),
    unknown: names.filter((n) => !byName.has(n)),
    known: rows.map((r) => r.name),
  };
}

/** How many indicators of each of `types` match the source filter (types a format has no place for). */
export async function countByType(
  db: ClientBase,
  types: readonly IndicatorType[],
  sourceIds: string[] | null,
): Promise<Record<string, number>> {
  if (types.length === 0) return {};
  const { rows } = await db.query<{ type: string; n: string }>(
    `select i.type::text as type, count(*) as n from public.indicators i
      where i.type::text = any($1::text[])
        and ($2::uuid[] is null or exists (select 1 from public.indicator_sources x
             where x.indicator_id = i.id and x.source_id = any($2::uuid[])))
      group by i.type order by i.type`,
    [types, sourceIds],
  );
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}
