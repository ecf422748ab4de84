/** Turns the catalog query's JSON into the cache: tables, every relationship PostgREST derives, routines. */
import type { Column, Relationship, Routine, RoutineParam, SchemaCache, Table } from './types.js';
import { qualifiedKey } from './types.js';
import { viewRelationships, type CatalogView, type CatalogViewSource } from './view-relationships.js';

interface CatalogColumn {
  name: string;
  type: string;
  base_type: string;
  nullable: boolean;
  default: string | null;
  generated: boolean;
}

interface CatalogTable {
  schema: string;
  name: string;
  is_view: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  primary_key: string[];
  columns: CatalogColumn[];
}

interface CatalogForeignKey {
  schema: string;
  name: string;
  foreign_schema: string;
  foreign_name: string;
  constraint: string;
  columns: [string, string][];
  one_to_one: boolean;
}

interface CatalogRoutine {
  schema: string;
  name: string;
  returns_set: boolean;
  returns_composite: boolean;
  returns_void: boolean;
  return_table: string | null;
  volatility: 'i' | 's' | 'v';
  settings: string[];
  description?: string | null;
  params: { name: string; type: string; required: boolean; variadic: boolean }[];
}

interface CatalogComputedRelationship {
  function_schema: string;
  function_name: string;
  schema: string;
  name: string;
  foreign_schema: string;
  foreign_name: string;
  single_row: boolean;
}

/**
 * Computed relationships replace a detected one between the same table and a table named like
 * the function (PostgREST's getOverrideRelationshipsMap), and are found by the function's name.
 */
function withComputed(detected: Relationship[], computed: CatalogComputedRelationship[]): Relationship[] {
  const rels: Relationship[] = computed.map((c) => ({
    table: { schema: c.schema, name: c.name },
    foreignTable: { schema: c.foreign_schema, name: c.foreign_name },
    isSelf: c.schema === c.foreign_schema && c.name === c.foreign_name,
    cardinality: c.single_row ? 'many-to-one' : 'one-to-many',
    constraint: '',
    columns: [],
    computed: { schema: c.function_schema, name: c.function_name },
  }));
  const overridden = new Set(
    rels.map((r) => qualifiedKey(qualifiedKey(r.table.schema, r.table.name), r.computed!.name)),
  );
  const kept = detected.filter(
    (r) => !overridden.has(qualifiedKey(qualifiedKey(r.table.schema, r.table.name), r.foreignTable.name)),
  );
  return [...kept, ...rels];
}

export interface CatalogJson {
  computed_relationships?: CatalogComputedRelationship[];
  tables: CatalogTable[];
  foreign_keys: CatalogForeignKey[];
  routines: CatalogRoutine[];
  views?: CatalogView[];
  view_sources?: CatalogViewSource[];
}

const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;

function toTable(t: CatalogTable): Table {
  const columns: Column[] = t.columns.map((c) => ({
    name: c.name,
    type: c.type,
    baseType: c.base_type,
    nullable: c.nullable,
    defaultExpr: c.default ?? undefined,
    generated: c.generated,
  }));
  return {
    schema: t.schema,
    name: t.name,
    isView: t.is_view,
    insertable: t.insertable,
    updatable: t.updatable,
    deletable: t.deletable,
    primaryKey: t.primary_key,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
  };
}

function swap(pairs: [string, string][]): [string, string][] {
  return pairs.map(([a, b]) => [b, a]);
}

/**
 * M2O/O2O from each FK (also through views exposing its columns), their inverses (O2M/O2O), and
 * M2M through junctions whose PK covers both FKs.
 */
export function deriveRelationships(
  fks: CatalogForeignKey[],
  tables: Map<string, Table>,
  views: CatalogView[] = [],
  sources: CatalogViewSource[] = [],
): Relationship[] {
  const fromKeys: Relationship[] = fks.map((fk) => ({
    table: { schema: fk.schema, name: fk.name },
    foreignTable: { schema: fk.foreign_schema, name: fk.foreign_name },
    isSelf: fk.schema === fk.foreign_schema && fk.name === fk.foreign_name,
    cardinality: fk.one_to_one ? 'one-to-one' : 'many-to-one',
    constraint: fk.constraint,
    columns: fk.columns,
  }));
  const direct = [...fromKeys, ...viewRelationships(fromKeys, views, sources, tables)];
  const inverse: Relationship[] = direct.map((r) => ({
    table: r.foreignTable,
    foreignTable: r.table,
    isSelf: r.isSelf,
    cardinality: r.cardinality === 'many-to-one' ? 'one-to-many' : 'one-to-one',
    constraint: r.constraint,
    columns: swap(r.columns),
  }));
  const manyToMany: Relationship[] = [];
  const byTable = new Map<string, Relationship[]>();
  for (const r of fromKeys) {
    const key = qualifiedKey(r.table.schema, r.table.name);
    byTable.set(key, [...(byTable.get(key) ?? []), r]);
  }
  for (const [junctionKey, rels] of byTable) {
    const junction = tables.get(junctionKey);
    const pk = new Set(junction?.primaryKey ?? []);
    for (const source of rels) {
      for (const target of rels) {
        if (source.constraint === target.constraint) continue;
        const cols = [...source.columns, ...target.columns].map(([c]) => c);
        if (!cols.every((c) => pk.has(c))) continue;
        manyToMany.push({
          table: source.foreignTable,
          foreignTable: target.foreignTable,
          isSelf:
            source.foreignTable.schema === target.foreignTable.schema &&
            source.foreignTable.name === target.foreignTable.name,
          cardinality: 'many-to-many',
          constraint: '',
          columns: [],
          junction: {
            table: source.table,
            sourceConstraint: source.constraint,
            sourceColumns: source.columns,
            targetConstraint: target.constraint,
            targetColumns: target.columns,
          },
        });
      }
    }
  }
  return [...direct, ...inverse, ...manyToMany];
}

function toRoutine(r: CatalogRoutine): Routine {
  const settings: Record<string, string> = {};
  for (const entry of r.settings) {
    const eq = entry.indexOf('=');
    if (eq > 0) settings[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return {
    schema: r.schema,
    name: r.name,
    params: r.params,
    returnsSet: r.returns_set,
    returnsComposite: r.returns_composite,
    returnsVoid: r.returns_void,
    returnTable: r.return_table ?? undefined,
    volatility: VOLATILITY[r.volatility],
    settings,
    description: r.description ?? undefined,
  };
}

const SINGLE_UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/**
 * PostgREST leaves out of its cache the functions no request could call (SchemaCache.hs
 * funcsSqlQuery `callable`): more than one unnamed parameter, or one of a type that cannot take
 * the whole body. They are then "not found" (PGRST202), not ambiguous.
 */
function isCallable(params: RoutineParam[]): boolean {
  const unnamed = params.filter((p) => p.name === '');
  if (unnamed.length === 0) return true;
  return unnamed.length === 1 && SINGLE_UNNAMED_TYPES.has(unnamed[0]!.type);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PostgREST's order of overloads (Routine.hs `instance Ord Routine`), which is the order of the
 * candidates in PGRST203: fewer parameters first, then the description (none first), then the
 * parameters compared one by one by name, type, required and variadic.
 */
function compareOverloads(a: Routine, b: Routine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  if (a.description !== b.description) {
    if (a.description === undefined) return -1;
    if (b.description === undefined) return 1;
    return compareText(a.description, b.description);
  }
  for (let i = 0; i < a.params.length; i++) {
    const [p, q] = [a.params[i]!, b.params[i]!];
    const order =
      compareText(p.name, q.name) ||
      compareText(p.type, q.type) ||
      Number(p.required) - Number(q.required) ||
      Number(p.variadic) - Number(q.variadic);
    if (order !== 0) return order;
  }
  return 0;
}

export function buildSchemaCache(json: CatalogJson): SchemaCache {
  const tables = new Map<string, Table>();
  for (const t of json.tables) tables.set(qualifiedKey(t.schema, t.name), toTable(t));
  const relationships = new Map<string, Relationship[]>();
  const detected = deriveRelationships(json.foreign_keys, tables, json.views, json.view_sources);
  for (const r of withComputed(detected, json.computed_relationships ?? [])) {
    const key = qualifiedKey(r.table.schema, r.table.name);
    relationships.set(key, [...(relationships.get(key) ?? []), r]);
  }
  const routines = new Map<string, Routine[]>();
  for (const r of json.routines) {
    if (!isCallable(r.params)) continue;
    const key = qualifiedKey(r.schema, r.name);
    routines.set(key, [...(routines.get(key) ?? []), toRoutine(r)]);
  }
  for (const overloads of routines.values()) overloads.sort(compareOverloads);
  return { tables, relationships, routines };
}
