/**
 * Foreign keys carried over to views: a view that exposes all the columns of one side of a
 * foreign key gets the same relationship (as PostgREST does), so `view?select=*,table(*)` and
 * `table?select=*,view(*)` embed like the underlying tables.
 */
import type { QualifiedName, Relationship, Table } from './types.js';
import { qualifiedKey } from './types.js';
import { viewColumnOrigins } from './view-columns.js';

export interface CatalogView {
  schema: string;
  name: string;
  oid: number;
  definition: string;
}

export interface CatalogViewSource {
  oid: number;
  schema: string;
  name: string;
  /** attnum → column name */
  columns: Record<string, string>;
}

/** For each view: base `schema\0table` → base column → view columns exposing it. */
type ViewMap = Map<QualifiedName, Map<string, Map<string, string[]>>>;

function mapViews(views: CatalogView[], sources: CatalogViewSource[], tables: Map<string, Table>): ViewMap {
  const byOid = new Map(sources.map((s) => [s.oid, s]));
  const viewByOid = new Map(views.map((v) => [v.oid, v]));
  const originsOf = new Map(views.map((v) => [v.oid, viewColumnOrigins(v.definition)]));
  const result: ViewMap = new Map();
  for (const view of views) {
    const table = tables.get(qualifiedKey(view.schema, view.name));
    if (!table) continue;
    const byBase = new Map<string, Map<string, string[]>>();
    for (const origin of originsOf.get(view.oid) ?? []) {
      const viewColumn = table.columns[origin.resno - 1]?.name;
      if (viewColumn === undefined) continue;
      // Follow views over views down to a base table (bounded, in case of cycles).
      let at = { table: origin.table, column: origin.column };
      for (let hop = 0; hop < 16 && viewByOid.has(at.table); hop++) {
        const next = (originsOf.get(at.table) ?? []).find((o) => o.resno === at.column);
        if (!next) break;
        at = { table: next.table, column: next.column };
      }
      const source = byOid.get(at.table);
      const baseColumn = source?.columns[String(at.column)];
      if (!source || baseColumn === undefined) continue;
      const key = qualifiedKey(source.schema, source.name);
      const columns = byBase.get(key) ?? new Map<string, string[]>();
      columns.set(baseColumn, [...(columns.get(baseColumn) ?? []), viewColumn]);
      byBase.set(key, columns);
    }
    result.set({ schema: view.schema, name: view.name }, byBase);
  }
  return result;
}

/** Every way to write `columns` (base names) with a view's columns; none if one is not exposed. */
function viewColumnSets(exposed: Map<string, string[]> | undefined, columns: string[]): string[][] {
  if (!exposed) return [];
  let sets: string[][] = [[]];
  for (const column of columns) {
    const options = exposed.get(column);
    if (!options) return [];
    sets = sets.flatMap((set) => options.map((o) => [...set, o]));
  }
  return sets;
}

export function viewRelationships(
  direct: Relationship[],
  views: CatalogView[],
  sources: CatalogViewSource[],
  tables: Map<string, Table>,
): Relationship[] {
  const viewMap = mapViews(views, sources, tables);
  const out: Relationship[] = [];
  for (const rel of direct) {
    const own = rel.columns.map(([c]) => c);
    const foreign = rel.columns.map(([, f]) => f);
    const sides = (
      table: QualifiedName,
      columns: string[],
    ): { table: QualifiedName; columns: string[] }[] => [
      { table, columns },
      ...[...viewMap].flatMap(([view, byBase]) =>
        viewColumnSets(byBase.get(qualifiedKey(table.schema, table.name)), columns).map((set) => ({
          table: view,
          columns: set,
        })),
      ),
    ];
    for (const from of sides(rel.table, own)) {
      for (const to of sides(rel.foreignTable, foreign)) {
        if (from.table === rel.table && to.table === rel.foreignTable) continue;
        out.push({
          ...rel,
          table: from.table,
          foreignTable: to.table,
          isSelf: from.table.schema === to.table.schema && from.table.name === to.table.name,
          columns: from.columns.map((c, i) => [c, to.columns[i]!]),
        });
      }
    }
  }
  return out;
}
