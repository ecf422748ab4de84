/**
 * The PostgREST query language as data: what `select=`, filters, `or=`/`and=` and `order=` parse
 * into before anything is checked against the schema cache.
 */

export interface JsonStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>';
  key: string;
  /** `->0`, `->-1`: an array index rather than an object key. */
  isIndex: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateName = 'count' | 'sum' | 'avg' | 'min' | 'max';

export interface SelectField {
  kind: 'field';
  /** `*` selects every column. */
  field: Field;
  alias?: string;
  /** Cast of the column, applied before any aggregate (`amount::int.sum()`). */
  cast?: string;
  aggregate?: AggregateName;
  /** Cast of the aggregate's result (`amount.sum()::int`, `count()::text`). */
  aggregateCast?: string;
}

export interface SelectRelation {
  kind: 'relation';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  /** `...rel(cols)`: the embed's columns are flattened into the parent. */
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectRelation;

export type SimpleOperator = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type QuantOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; op: SimpleOperator; value: string }
  | { kind: 'quant'; op: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOperator; language?: string; value: string };

export interface OpExpr {
  negated: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** Set for `order=rel(col).desc`: ordering by a column of a to-one embed. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Names of embeds from the root to the node a parameter applies to (`rel.sub.limit` → ['rel','sub']). */
export type EmbedPath = string[];

export interface NodeRange {
  offset: number;
  limit?: number;
}

export interface RequestQuery {
  select: SelectItem[];
  /** True when `select` was absent (PostgREST treats that as `*`). */
  defaultSelect: boolean;
  filters: { path: EmbedPath; filter: Filter }[];
  logic: { path: EmbedPath; tree: LogicTree }[];
  order: { path: EmbedPath; terms: OrderTerm[] }[];
  /** Keyed by the embed path joined with '.', '' for the root. */
  ranges: Map<string, NodeRange>;
  columns?: string[];
  onConflict?: string[];
  /** For GET/HEAD on functions: parameters whose value is not an operator expression. */
  rpcArgs: [string, string][];
}
