/** A read resolved against the schema cache: what to select, join, filter and order, per node. */
import type { AggregateName, NodeRange } from '../query-params/types.js';
import type { Relationship, Table } from '../schema-cache/types.js';

export type Condition =
  | { kind: 'sql'; sql: string }
  /** `rel=is.null` / `rel=not.is.null`: whether the embed found a row. */
  | { kind: 'embed-null'; isNull: boolean; embed: EmbedPlan }
  | { kind: 'logic'; negated: boolean; operator: 'and' | 'or'; children: Condition[] };

export interface OutputColumn {
  /** SQL expression, or `"alias".*`. */
  sql: string;
  /** Output key (`AS`), undefined for `*`. */
  key?: string;
  aggregate: boolean;
  /** An aggregate's parts, so a to-one spread can apply it in its parent (PostgREST hoists them). */
  aggregateOf?: { inner: string; fn: AggregateName; cast?: string };
}

export interface ReadPlan {
  /** What follows FROM (a table, the mutation CTE, a function call), without the alias. */
  source: string;
  alias: string;
  schema: string;
  /** Name used to look up relationships and in messages (table, view or function's table). */
  relationName: string;
  table?: Table;
  columns: OutputColumn[];
  embeds: EmbedPlan[];
  where: Condition[];
  /** Join conditions to the parent (embeds only). */
  joinConditions: string[];
  /** Extra FROM item: the junction table of a many-to-many embed. */
  junction?: string;
  order: string[];
  range: NodeRange;
}

export interface EmbedPlan {
  plan: ReadPlan;
  relationship: Relationship;
  /** The name written in `select` (table, constraint or column). */
  name: string;
  /** The alias written in `select` (`alias:name(...)`), if any. */
  alias?: string;
  /** The key the embed appears under: its alias, else its name. */
  outputName: string;
  /** Alias of the lateral subquery. */
  lateralAlias: string;
  toOne: boolean;
  joinType?: 'inner' | 'left';
  spread: boolean;
  /** `rel()` with nothing selected below it: joins for filtering, adds no key. */
  empty: boolean;
  /** Keys a to-many spread aggregates into arrays. */
  spreadKeys: string[];
  /** Aggregates of a to-one spread, applied by the parent over the spread's raw values. */
  hoisted: { key: string; fn: AggregateName; cast?: string }[];
}
