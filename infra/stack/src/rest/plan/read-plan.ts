/**
 * Resolves `select`, filters, logic trees, order and ranges against the schema cache into a tree
 * of ReadPlans: one node per table read, each embed joined to its parent through a relationship.
 */
import { notEmbedded, RestError, tableNotFound } from '../errors.js';
import type {
  EmbedPath,
  NodeRange,
  RequestQuery,
  SelectItem,
  SelectRelation,
} from '../query-params/types.js';
import { findRelationship, isToOne } from '../schema-cache/find-relationship.js';
import type { Relationship, SchemaCache, Table } from '../schema-cache/types.js';
import { qualifiedKey } from '../schema-cache/types.js';
import { columnRef, qualified, quoteIdent } from '../sql/fragments.js';
import { resolveConditions, resolveOrder } from './conditions.js';
import { columnKeys, outputColumn } from './select-columns.js';
import type { EmbedPlan, ReadPlan } from './types.js';

export interface RootSource {
  source: string;
  alias: string;
  relationName: string;
  table?: Table;
}

export interface PlanOptions {
  cache: SchemaCache;
  schema: string;
  query: RequestQuery;
  /** `db-max-rows`, applied to every node of a read; undefined for mutations. */
  maxRows?: number;
  /** `db-aggregates-enabled`: otherwise `count()`, `col.sum()` … answer PGRST123. */
  aggregatesEnabled?: boolean;
  /** Mutations apply root filters in the UPDATE/DELETE itself, not in the read of the result. */
  rootFiltersApplied: boolean;
  rootRange: NodeRange;
}

interface Builder {
  options: PlanOptions;
  counter: number;
  /** Depth of each node (root 0), part of PostgREST's embed alias. */
  depths: WeakMap<ReadPlan, number>;
}

/**
 * PostgREST names an embed's subquery `<parent>_<alias or name>_<depth>` (Plan.hs aggAlias), so
 * the same embed twice under one parent makes Postgres refuse the query: 400 with its 42712.
 */
function checkDuplicateEmbed(b: Builder, parent: ReadPlan, item: SelectRelation): void {
  const key = item.alias ?? item.name;
  if (!parent.embeds.some((e) => (e.alias ?? e.name) === key)) return;
  const alias = `${parent.relationName}_${key}_${(b.depths.get(parent) ?? 0) + 1}`;
  throw new RestError(400, '42712', `table name "${alias}" specified more than once`);
}

function joinConditions(
  rel: Relationship,
  parentAlias: string,
  childAlias: string,
  junctionAlias: string,
): string[] {
  if (rel.junction) {
    return [
      ...rel.junction.targetColumns.map(
        ([jc, tc]) => `${columnRef(junctionAlias, jc)} = ${columnRef(childAlias, tc)}`,
      ),
      ...rel.junction.sourceColumns.map(
        ([jc, oc]) => `${columnRef(junctionAlias, jc)} = ${columnRef(parentAlias, oc)}`,
      ),
    ];
  }
  return rel.columns.map(([c, fc]) => `${columnRef(childAlias, fc)} = ${columnRef(parentAlias, c)}`);
}

/**
 * `fn(parent row)`: the lateral subquery reads the function's rows. A parent that is not read from
 * its table (a mutation's CTE) is cast to the table's row type the function takes.
 */
function computedSource(fn: { schema: string; name: string }, parent: ReadPlan): string {
  const table = parent.table;
  const isTable = table !== undefined && parent.source === qualified(table.schema, table.name);
  const row = quoteIdent(parent.alias);
  const arg = isTable || !table ? row : `${row}::${qualified(table.schema, table.name)}`;
  return `${qualified(fn.schema, fn.name)}(${arg})`;
}

function hasOutput(items: SelectItem[]): boolean {
  return items.some((i) => i.kind === 'field' || hasOutput(i.children));
}

function buildEmbed(b: Builder, parent: ReadPlan, item: SelectRelation): EmbedPlan {
  const { cache, schema } = b.options;
  checkDuplicateEmbed(b, parent, item);
  const rel = findRelationship(cache, schema, parent.relationName, item.name, item.hint);
  const n = ++b.counter;
  const table = cache.tables.get(qualifiedKey(rel.foreignTable.schema, rel.foreignTable.name));
  if (!table) throw tableNotFound(rel.foreignTable.schema, rel.foreignTable.name);
  const alias = `${table.name}_${n}`;
  const junctionAlias = `${rel.junction?.table.name ?? ''}_j${n}`;
  const toOne = isToOne(rel);
  const plan: ReadPlan = {
    source: rel.computed ? computedSource(rel.computed, parent) : qualified(table.schema, table.name),
    alias,
    schema,
    relationName: table.name,
    table,
    columns: [],
    embeds: [],
    where: [],
    joinConditions: rel.computed ? [] : joinConditions(rel, parent.alias, alias, junctionAlias),
    junction: rel.junction
      ? `${qualified(rel.junction.table.schema, rel.junction.table.name)} AS ${quoteIdent(junctionAlias)}`
      : undefined,
    order: [],
    range: { offset: 0 },
  };
  b.depths.set(plan, (b.depths.get(parent) ?? 0) + 1);
  const embed: EmbedPlan = {
    plan,
    relationship: rel,
    name: item.name,
    alias: item.alias,
    outputName: item.alias ?? item.name,
    lateralAlias: `pgrst_${n}`,
    toOne,
    joinType: item.joinType,
    spread: item.spread,
    empty: !hasOutput(item.children),
    spreadKeys: [],
    hoisted: [],
  };
  fillNode(b, plan, item.children, item.spread && !toOne);
  if (item.spread && !toOne) {
    embed.spreadKeys = [...columnKeys(plan.columns, table), ...plan.embeds.flatMap(outputKeysOf)];
  }
  if (item.spread && toOne) embed.hoisted = hoistAggregates(plan);
  return embed;
}

/**
 * `...customer(age.avg())`: a to-one spread's row is one row per parent row, so its aggregates
 * are computed by the parent over the spread's values (PostgREST 12.1+ hoists them likewise).
 */
function hoistAggregates(plan: ReadPlan): EmbedPlan['hoisted'] {
  const hoisted: EmbedPlan['hoisted'] = [];
  plan.columns = plan.columns.map((c) => {
    if (!c.aggregateOf || c.key === undefined) return c;
    hoisted.push({ key: c.key, fn: c.aggregateOf.fn, cast: c.aggregateOf.cast });
    return { sql: c.aggregateOf.inner, key: c.key, aggregate: false };
  });
  return hoisted;
}

/** Keys an embed contributes to its parent's row. */
function outputKeysOf(embed: EmbedPlan): string[] {
  if (embed.empty) return [];
  if (!embed.spread) return [embed.outputName];
  if (!embed.toOne) return embed.spreadKeys;
  return [...columnKeys(embed.plan.columns, embed.plan.table), ...embed.plan.embeds.flatMap(outputKeysOf)];
}

function fillNode(b: Builder, node: ReadPlan, items: SelectItem[], expandStar: boolean): void {
  for (const item of items) {
    if (item.kind === 'field')
      node.columns.push(
        ...outputColumn(node.alias, item, node.table, expandStar, b.options.aggregatesEnabled),
      );
    else node.embeds.push(buildEmbed(b, node, item));
  }
}

function findNode(root: ReadPlan, path: EmbedPath): ReadPlan {
  let node = root;
  for (const name of path) {
    const embed = node.embeds.find((e) => e.name === name || e.outputName === name);
    if (!embed) throw notEmbedded(name);
    node = embed.plan;
  }
  return node;
}

function applyParameters(root: ReadPlan, options: PlanOptions): void {
  const { query, maxRows } = options;
  for (const { path, filter } of query.filters) {
    if (path.length === 0 && options.rootFiltersApplied) continue;
    const node = findNode(root, path);
    node.where.push(...resolveConditions(node, [{ kind: 'filter', filter }]));
  }
  for (const { path, tree } of query.logic) {
    if (path.length === 0 && options.rootFiltersApplied) continue;
    const node = findNode(root, path);
    node.where.push(...resolveConditions(node, [tree]));
  }
  for (const { path, terms } of query.order) {
    const node = findNode(root, path);
    node.order = terms.map((t) => resolveOrder(node, t));
  }
  for (const [key, range] of query.ranges) {
    if (key === '') continue;
    findNode(root, key.split('.')).range = range;
  }
  if (maxRows !== undefined) capEmbeds(root, maxRows);
}

/** `db-max-rows` caps embedded arrays too; a to-one embed has at most one row anyway. */
function capEmbeds(node: ReadPlan, maxRows: number): void {
  for (const embed of node.embeds) {
    const r = embed.plan.range;
    if (!embed.toOne) embed.plan.range = { offset: r.offset, limit: Math.min(r.limit ?? maxRows, maxRows) };
    capEmbeds(embed.plan, maxRows);
  }
}

export function buildReadPlan(options: PlanOptions, source: RootSource): ReadPlan {
  const b: Builder = { options, counter: 0, depths: new WeakMap() };
  const root: ReadPlan = {
    source: source.source,
    alias: source.alias,
    schema: options.schema,
    relationName: source.relationName,
    table: source.table,
    columns: [],
    embeds: [],
    where: [],
    joinConditions: [],
    order: [],
    range: options.rootRange,
  };
  fillNode(b, root, options.query.select, false);
  applyParameters(root, options);
  return root;
}

export { outputKeysOf };
