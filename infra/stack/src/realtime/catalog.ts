/**
 * What postgres_changes needs to know about tables and roles, read from the system catalogs through
 * the API pool and cached: columns with their type names and primary key, whether RLS is on, which
 * columns a role may SELECT, and whether a role bypasses RLS. A table's entries are dropped whenever
 * pgoutput re-sends its Relation message, which Postgres does after any change to the table's
 * definition, grants, policies or RLS switch.
 */
import type pg from 'pg';

export interface CatalogColumn {
  name: string;
  /** pg_type.typname of the column's declared type (what payloads call `type`). */
  typname: string;
  /** The type as SQL spells it, with modifiers, for casts: `character varying(20)`. */
  sqlType: string;
  /** Base type name (domains resolved) and element base type for arrays, for value conversion. */
  base: string;
  elem?: string;
  pk: boolean;
}

export interface CatalogRelation {
  oid: number;
  schema: string;
  table: string;
  rls: boolean;
  /** d default, n nothing, f full, i index. */
  replicaIdentity: string;
  columns: CatalogColumn[];
  byName: Map<string, CatalogColumn>;
  /** Columns each role may SELECT, loaded on first need. */
  selectable: Map<string, Set<string>>;
}

const RELATION_SQL = `
select c.oid::int8 as oid, n.nspname as schema, c.relname as "table", c.relrowsecurity as rls,
       c.relreplident as replident,
       coalesce((
         select json_agg(json_build_object(
                  'name', a.attname,
                  'typname', t.typname,
                  'sqlType', format_type(a.atttypid, a.atttypmod),
                  'base', b.typname,
                  'elem', (select coalesce(eb.typname, e.typname)
                             from pg_type e
                             left join pg_type eb on e.typtype = 'd' and eb.oid = e.typbasetype
                            where e.oid = b.typelem and b.typcategory = 'A'),
                  'pk', coalesce(a.attnum = any(pk.conkey), false))
                order by a.attnum)
           from pg_attribute a
           join pg_type t on t.oid = a.atttypid
           join pg_type b on b.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
 where c.relkind in ('r', 'p', 'v', 'm', 'f') and `;

interface RelationRow {
  oid: string;
  schema: string;
  table: string;
  rls: boolean;
  replident: string;
  columns: (Omit<CatalogColumn, 'elem'> & { elem: string | null })[];
}

const ROLE_CACHE_MS = 30_000;

export class Catalog {
  private byOid = new Map<number, CatalogRelation>();
  private bypass = new Map<string, { value: boolean; at: number }>();

  constructor(private readonly pool: pg.Pool) {}

  private toRelation(row: RelationRow): CatalogRelation {
    const columns = row.columns.map((c) => ({ ...c, elem: c.elem ?? undefined }));
    return {
      oid: Number(row.oid),
      schema: row.schema,
      table: row.table,
      rls: row.rls,
      replicaIdentity: row.replident,
      columns,
      byName: new Map(columns.map((c) => [c.name, c])),
      selectable: new Map(),
    };
  }

  /** The table with this oid (cached), or undefined when it no longer exists. */
  async relation(oid: number): Promise<CatalogRelation | undefined> {
    const cached = this.byOid.get(oid);
    if (cached) return cached;
    const { rows } = await this.pool.query<RelationRow>(RELATION_SQL + 'c.oid = $1::oid', [oid]);
    if (!rows[0]) return undefined;
    const relation = this.toRelation(rows[0]);
    this.byOid.set(oid, relation);
    return relation;
  }

  /** Looks a table up by name, always fresh (joins must see tables a migration just added). */
  async relationByName(schema: string, table: string): Promise<CatalogRelation | undefined> {
    const { rows } = await this.pool.query<RelationRow>(RELATION_SQL + 'n.nspname = $1 and c.relname = $2', [
      schema,
      table,
    ]);
    return rows[0] ? this.toRelation(rows[0]) : undefined;
  }

  /** Forgets what is known about a table (its definition, grants or policies changed). */
  invalidate(oid: number): void {
    this.byOid.delete(oid);
  }

  clear(): void {
    this.byOid.clear();
    this.bypass.clear();
  }

  /** Columns of `relation` that `role` may SELECT. */
  async selectableColumns(relation: CatalogRelation, role: string): Promise<Set<string>> {
    const cached = relation.selectable.get(role);
    if (cached) return cached;
    let allowed = new Set<string>();
    try {
      const { rows } = await this.pool.query<{ name: string; ok: boolean }>(
        `select a.attname as name, has_column_privilege($1, a.attrelid, a.attnum, 'SELECT') as ok
           from pg_attribute a
          where a.attrelid = $2::oid and a.attnum > 0 and not a.attisdropped`,
        [role, relation.oid],
      );
      allowed = new Set(rows.filter((r) => r.ok).map((r) => r.name));
    } catch {
      // Unknown role: it may SELECT nothing.
    }
    relation.selectable.set(role, allowed);
    return allowed;
  }

  /** Whether RLS never applies to `role` (superuser or BYPASSRLS, like service_role). */
  async bypassesRls(role: string): Promise<boolean> {
    const cached = this.bypass.get(role);
    if (cached && Date.now() - cached.at < ROLE_CACHE_MS) return cached.value;
    const { rows } = await this.pool.query<{ bypass: boolean }>(
      'select rolbypassrls or rolsuper as bypass from pg_roles where rolname = $1',
      [role],
    );
    const value = rows[0]?.bypass ?? false;
    this.bypass.set(role, { value, at: Date.now() });
    return value;
  }
}
