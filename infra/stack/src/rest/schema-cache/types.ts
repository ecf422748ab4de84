/** What the REST service knows about the exposed schemas, loaded from pg_catalog. */

export interface Column {
  name: string;
  /** `format_type` with typmod and schema-qualified (e.g. `character varying(20)`, `public.mood`). */
  type: string;
  /** Base type name after domains, e.g. `tsvector`, `json`, `jsonb`. */
  baseType: string;
  nullable: boolean;
  /** The default expression (schema-qualified), used for `Prefer: missing=default`. */
  defaultExpr?: string;
  generated: boolean;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  primaryKey: string[];
  columns: Column[];
  columnsByName: Map<string, Column>;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface QualifiedName {
  schema: string;
  name: string;
}

export interface Junction {
  table: QualifiedName;
  /** FK from the junction to the origin table, and its (junction column, origin column) pairs. */
  sourceConstraint: string;
  sourceColumns: [junctionColumn: string, originColumn: string][];
  targetConstraint: string;
  targetColumns: [junctionColumn: string, targetColumn: string][];
}

export interface Relationship {
  table: QualifiedName;
  foreignTable: QualifiedName;
  isSelf: boolean;
  cardinality: Cardinality;
  /** FK constraint name (not set for many-to-many). */
  constraint: string;
  /** (column of `table`, column of `foreignTable`) pairs; empty for many-to-many. */
  columns: [column: string, foreignColumn: string][];
  junction?: Junction;
  /** A computed relationship: this function of a `table` row returns the `foreignTable` rows. */
  computed?: QualifiedName;
}

export interface RoutineParam {
  /** '' for an unnamed parameter. */
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  /** Row-returning (composite type, OUT/TABLE parameters). */
  returnsComposite: boolean;
  returnsVoid: boolean;
  /** The table or view whose row type the function returns, when there is one in its schema. */
  returnTable?: string;
  volatility: 'immutable' | 'stable' | 'volatile';
  /** Function-level `SET` options, applied to the transaction as PostgREST does. */
  settings: Record<string, string>;
  /** `comment on function`, which orders overloads in PostgREST. */
  description?: string;
}

export interface SchemaCache {
  /** Keyed by `schema.name` (see `qualifiedKey`). */
  tables: Map<string, Table>;
  /** Relationships whose `table` is the key (`schema.name`). */
  relationships: Map<string, Relationship[]>;
  /** Overloads keyed by `schema.name`. */
  routines: Map<string, Routine[]>;
}

export function qualifiedKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}
