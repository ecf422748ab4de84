import type { ClientBase } from 'pg';
import type { IndicatorType, Tlp } from '../../model/drafts.js';

/** Why the server leaves a value out of an export for controls (private.export_indicators). */
export const SERVER_VERDICTS = [
  'revoked',
  'expired',
  'decayed',
  'above-tlp',
  'below-score',
  'listed',
] as const;
export type ServerVerdict = (typeof SERVER_VERDICTS)[number];

/** One candidate value with the server's verdict (null: it may go to the control). */
export interface ControlRow {
  type: IndicatorType;
  value: string;
  verdict: ServerVerdict | null;
  score: number;
  tlp: Tlp;
  confidence: number | null;
  stixId: string;
  name: string | null;
  description: string;
  labels: string[];
  validFrom: Date | null;
  modified: Date;
  /** Names of the sources that reported it, sorted. */
  sources: string[];
  /** The first http(s) link a source gave for it. */
  reference: string | null;
}

export interface ControlFilter {
  /** null: any source; [] only values without one; else reported by one of these. */
  sourceIds: string[] | null;
  maxTlp: Tlp;
  minScore: number;
  pageSize?: number;
}

interface Row {
  value: string;
  verdict: ServerVerdict | null;
  score: number;
  tlp: Tlp;
  confidence: number | null;
  stix_id: string;
  name: string | null;
  description: string;
  labels: string[];
  valid_from: Date | null;
  modified: Date;
  sources: string[];
  reference: string | null;
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
    const { rows } = await db.query<Row>(
      `select * from private.export_indicators($1::public.indicator_type, $2::uuid[], $3::public.tlp_level, $4::integer, $5::text, $6::integer)`,
      [type, filter.sourceIds, filter.maxTlp, filter.minScore, after, size],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      type,
      value: r.value,
      verdict: r.verdict,
      score: r.score,
      tlp: r.tlp,
      confidence: r.confidence,
      stixId: r.stix_id,
      name: r.name,
      description: r.description,
      labels: r.labels,
      validFrom: r.valid_from,
      modified: r.modified,
      sources: r.sources,
      reference: r.reference,
    }));
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
