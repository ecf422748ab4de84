/**
 * ReadPlan → SELECT. Embeds are LATERAL subqueries: to-one embeds give `row_to_json` of the row,
 * to-many embeds a `json_agg` (NULL when empty, so `!inner` and `rel=not.is.null` can test it).
 * The count query replaces joins with EXISTS so Postgres can count without building rows.
 */
import type { Condition, EmbedPlan, ReadPlan } from '../plan/types.js';
import { outputKeysOf } from '../plan/read-plan.js';
import { castSql, quoteIdent } from './fragments.js';

type Mode = 'main' | 'count';

function conditionSql(c: Condition, mode: Mode): string {
  switch (c.kind) {
    case 'sql':
      return c.sql;
    case 'logic': {
      const inner = c.children
        .map((child) => conditionSql(child, mode))
        .join(c.operator === 'and' ? ' AND ' : ' OR ');
      return `${c.negated ? 'NOT ' : ''}(${inner})`;
    }
    case 'embed-null': {
      if (mode === 'count') return `${c.isNull ? 'NOT ' : ''}EXISTS (${countRowsSql(c.embed.plan)})`;
      const la = quoteIdent(c.embed.lateralAlias);
      const found = c.embed.toOne ? `row_to_json(${la}.*)` : `${la}.${la}`;
      return `${found} IS ${c.isNull ? '' : 'NOT '}NULL`;
    }
  }
}

/** Conditions as they appear in a main query's WHERE (mutations use this for their own WHERE). */
export function conditionsSql(conditions: Condition[]): string[] {
  return conditions.map((c) => conditionSql(c, 'main'));
}

function referencedEmbeds(conditions: Condition[], into: Set<EmbedPlan>): Set<EmbedPlan> {
  for (const c of conditions) {
    if (c.kind === 'embed-null') into.add(c.embed);
    else if (c.kind === 'logic') referencedEmbeds(c.children, into);
  }
  return into;
}

function embedOutputs(embed: EmbedPlan): string[] {
  if (embed.empty) return [];
  const la = quoteIdent(embed.lateralAlias);
  if (embed.toOne)
    return [embed.spread ? `${la}.*` : `row_to_json(${la}.*) AS ${quoteIdent(embed.outputName)}`];
  if (embed.spread) return embed.spreadKeys.map((k) => `${la}.${quoteIdent(k)}`);
  return [`COALESCE(${la}.${la}, '[]') AS ${quoteIdent(embed.outputName)}`];
}

interface GroupedOutput {
  select: string;
  /** The GROUP BY term, absent for aggregates. */
  group?: string;
}

/**
 * An embed's outputs in a grouped (aggregating) node: each one is a GROUP BY term, as PostgREST's
 * groupF makes them, except the to-one spread's hoisted aggregates. JSON becomes jsonb, which
 * Postgres can compare (PostgREST's embeds are jsonb too).
 */
function groupedEmbedOutputs(embed: EmbedPlan): GroupedOutput[] {
  if (embed.empty) return [];
  const la = quoteIdent(embed.lateralAlias);
  const plain = (expression: string, key: string): GroupedOutput => ({
    select: `${expression} AS ${quoteIdent(key)}`,
    group: expression,
  });
  if (embed.toOne && embed.spread) {
    return outputKeysOf(embed).map((key) => {
      const hoisted = embed.hoisted.find((h) => h.key === key);
      const value = `${la}.${quoteIdent(key)}`;
      if (!hoisted) return plain(value, key);
      const aggregated = `pg_catalog.${hoisted.fn}(${value})`;
      return {
        select: `${hoisted.cast ? castSql(aggregated, hoisted.cast) : aggregated} AS ${quoteIdent(key)}`,
      };
    });
  }
  if (embed.toOne) return [plain(`row_to_json(${la}.*)::jsonb`, embed.outputName)];
  if (embed.spread) return embed.spreadKeys.map((k) => plain(`${la}.${quoteIdent(k)}::jsonb`, k));
  return [plain(`COALESCE(${la}.${la}, '[]')::jsonb`, embed.outputName)];
}

function isGrouped(plan: ReadPlan): boolean {
  return plan.columns.some((c) => c.aggregate) || plan.embeds.some((e) => e.hoisted.length > 0);
}

function lateralJoin(embed: EmbedPlan): string {
  const la = quoteIdent(embed.lateralAlias);
  const kind = embed.joinType === 'inner' ? 'INNER' : 'LEFT';
  const child = selectSql(embed.plan, false);
  if (embed.toOne) return `${kind} JOIN LATERAL (${child}) AS ${la} ON TRUE`;
  const spreads = embed.spreadKeys
    .map((k) => `, COALESCE(json_agg(${la}.${quoteIdent(k)}), '[]') AS ${quoteIdent(k)}`)
    .join('');
  const on = embed.joinType === 'inner' ? `${la}.${la} IS NOT NULL` : 'TRUE';
  return `${kind} JOIN LATERAL (SELECT json_agg(${la}) AS ${la}${spreads} FROM (${child}) AS ${la}) AS ${la} ON ${on}`;
}

function fromSql(plan: ReadPlan): string {
  return `FROM ${plan.source} AS ${quoteIdent(plan.alias)}${plan.junction ? `, ${plan.junction}` : ''}`;
}

function rangeSql(plan: ReadPlan): string {
  const { limit, offset } = plan.range;
  return `${limit === undefined ? '' : ` LIMIT ${limit}`}${offset > 0 ? ` OFFSET ${offset}` : ''}`;
}

/**
 * `headOnly`: the rows are only counted (HEAD), so no columns are built and only the joins that
 * filter rows are kept.
 */
export function selectSql(plan: ReadPlan, headOnly: boolean): string {
  const filtering = referencedEmbeds(plan.where, new Set());
  const embeds = headOnly
    ? plan.embeds.filter((e) => e.joinType === 'inner' || filtering.has(e))
    : plan.embeds;
  const grouped = !headOnly && isGrouped(plan);
  const embedded = grouped ? plan.embeds.flatMap(groupedEmbedOutputs) : [];
  const list = headOnly
    ? []
    : [
        ...plan.columns.map((c) => (c.key === undefined ? c.sql : `${c.sql} AS ${quoteIdent(c.key)}`)),
        ...(grouped ? embedded.map((o) => o.select) : plan.embeds.flatMap(embedOutputs)),
      ];
  const where = [...plan.joinConditions, ...plan.where.map((c) => conditionSql(c, 'main'))];
  const groupBy = grouped
    ? [
        // `*` beside an aggregate is an error in Postgres as in PostgREST; only named columns group.
        ...plan.columns.filter((c) => !c.aggregate && c.key !== undefined).map((c) => c.sql),
        ...embedded.flatMap((o) => (o.group === undefined ? [] : [o.group])),
      ]
    : [];
  return (
    [
      `SELECT ${list.join(', ')}`,
      fromSql(plan),
      ...embeds.map(lateralJoin),
      where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
      groupBy.length > 0 ? `GROUP BY ${groupBy.join(', ')}` : '',
      plan.order.length > 0 ? `ORDER BY ${plan.order.join(', ')}` : '',
    ]
      .filter((s) => s !== '')
      .join(' ') + rangeSql(plan)
  );
}

function countConditions(plan: ReadPlan): string[] {
  return [
    ...plan.joinConditions,
    ...plan.where.map((c) => conditionSql(c, 'count')),
    ...plan.embeds.filter((e) => e.joinType === 'inner').map((e) => `EXISTS (${countRowsSql(e.plan)})`),
  ];
}

/** `SELECT 1 FROM ... WHERE ...`: the rows a node would return, ignoring its range. */
export function countRowsSql(plan: ReadPlan): string {
  const where = countConditions(plan);
  return `SELECT 1 ${fromSql(plan)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/** `count(*)` straight over the filtered relation, so Postgres may answer from an index. */
export function countAllSql(plan: ReadPlan, limit?: number): string {
  if (limit !== undefined)
    return `SELECT pg_catalog.count(*) FROM (${countRowsSql(plan)} LIMIT ${limit}) AS pgrst_count`;
  const where = countConditions(plan);
  return `SELECT pg_catalog.count(*) ${fromSql(plan)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
}
