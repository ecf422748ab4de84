/**
 * One catalog query for the whole cache, returning JSON. It runs with an empty search_path so that
 * `format_type` and `pg_get_expr` print schema-qualified names that are safe to inline later.
 */
export const CATALOG_QUERY = `
select json_build_object(
  'tables', (
    select coalesce(json_agg(t), '[]') from (
      select n.nspname as schema, c.relname as name, c.relkind in ('v', 'm', 'f') as is_view,
        c.relkind in ('r', 'p') or (pg_catalog.pg_relation_is_updatable(c.oid, true) & 8) = 8 as insertable,
        c.relkind in ('r', 'p') or (pg_catalog.pg_relation_is_updatable(c.oid, true) & 4) = 4 as updatable,
        c.relkind in ('r', 'p') or (pg_catalog.pg_relation_is_updatable(c.oid, true) & 16) = 16 as deletable,
        coalesce((
          select json_agg(a.attname order by k.ord)
          from pg_catalog.pg_constraint con
          cross join lateral unnest(con.conkey) with ordinality k(attnum, ord)
          join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
          where con.conrelid = c.oid and con.contype = 'p'
        ), '[]') as primary_key,
        coalesce((
          select json_agg(json_build_object(
            'name', a.attname,
            'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
            'base_type', pg_catalog.format_type(coalesce(nullif(ty.typbasetype, 0), a.atttypid), null),
            'nullable', not a.attnotnull,
            'default', coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), case when a.attidentity <> '' then
              'nextval(' || pg_catalog.quote_literal(pg_catalog.pg_get_serial_sequence(
                pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname), a.attname)) || '::regclass)' end),
            'generated', a.attgenerated <> ''
          ) order by a.attnum)
          from pg_catalog.pg_attribute a
          join pg_catalog.pg_type ty on ty.oid = a.atttypid
          left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        ), '[]') as columns
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition and n.nspname = any($1::text[])
    ) t
  ),
  'foreign_keys', (
    select coalesce(json_agg(f), '[]') from (
      select ns1.nspname as schema, tab.relname as name, ns2.nspname as foreign_schema,
        other.relname as foreign_name, con.conname as constraint,
        (select json_agg(json_build_array(a1.attname, a2.attname) order by k.ord)
           from unnest(con.conkey, con.confkey) with ordinality k(col, ref, ord)
           join pg_catalog.pg_attribute a1 on a1.attrelid = con.conrelid and a1.attnum = k.col
           join pg_catalog.pg_attribute a2 on a2.attrelid = con.confrelid and a2.attnum = k.ref
        ) as columns,
        exists (
          select 1 from pg_catalog.pg_constraint u
          where u.conrelid = con.conrelid and u.contype in ('p', 'u')
            and (select array_agg(x order by x) from unnest(u.conkey) x)
              = (select array_agg(x order by x) from unnest(con.conkey) x)
        ) as one_to_one
      from pg_catalog.pg_constraint con
      join pg_catalog.pg_class tab on tab.oid = con.conrelid
      join pg_catalog.pg_namespace ns1 on ns1.oid = tab.relnamespace
      join pg_catalog.pg_class other on other.oid = con.confrelid
      join pg_catalog.pg_namespace ns2 on ns2.oid = other.relnamespace
      where con.contype = 'f' and con.conparentid = 0
        and (ns1.nspname = any($1::text[]) or ns2.nspname = any($1::text[]))
      order by con.conrelid, con.conname
    ) f
  ),
  'views', (
    select coalesce(json_agg(v), '[]') from (
      select n.nspname as schema, c.relname as name, c.oid::int8 as oid, r.ev_action::text as definition
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
      where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
    ) v
  ),
  'view_sources', (
    select coalesce(json_agg(s), '[]') from (
      select c.oid::int8 as oid, n.nspname as schema, c.relname as name,
        (select json_object_agg(a.attnum, a.attname) from pg_catalog.pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.oid in (
        select (regexp_matches(r.ev_action::text, ':resorigtbl ([0-9]+)', 'g'))[1]::oid
        from pg_catalog.pg_rewrite r
        join pg_catalog.pg_class vc on vc.oid = r.ev_class
        join pg_catalog.pg_namespace vn on vn.oid = vc.relnamespace
        where vc.relkind in ('v', 'm') and vn.nspname = any($1::text[])
      )
    ) s
  ),
  -- PostgREST's computed relationships (SchemaCache.hs allComputedRels): a function of one row of
  -- a table or view returning rows of one; to-one when it returns a single row or has ROWS 1.
  'computed_relationships', (
    select coalesce(json_agg(cr), '[]') from (
      select fn.nspname as function_schema, p.proname as function_name,
        arg_ns.nspname as schema, arg_t.typname as name,
        ret_ns.nspname as foreign_schema, ret_t.typname as foreign_name,
        not p.proretset or p.prorows = 1 as single_row
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace fn on fn.oid = p.pronamespace
      join pg_catalog.pg_type arg_t on arg_t.oid = p.proargtypes[0]
      join pg_catalog.pg_namespace arg_ns on arg_ns.oid = arg_t.typnamespace
      join pg_catalog.pg_type ret_t on ret_t.oid = p.prorettype
      join pg_catalog.pg_namespace ret_ns on ret_ns.oid = ret_t.typnamespace
      where p.pronargs = 1 and fn.nspname = any($1::text[])
        and p.proargtypes[0] in (select reltype from pg_catalog.pg_class where relkind in ('v', 'r', 'm', 'f', 'p'))
        and p.prorettype in (select reltype from pg_catalog.pg_class where relkind in ('v', 'r', 'm', 'f', 'p'))
      order by p.oid
    ) cr
  ),
  'routines', (
    select coalesce(json_agg(r), '[]') from (
      select n.nspname as schema, p.proname as name, p.proretset as returns_set,
        (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
        t.oid = 'pg_catalog.void'::pg_catalog.regtype as returns_void,
        case when t.typrelid <> 0 and rc.relnamespace = p.pronamespace then rc.relname end as return_table,
        p.provolatile as volatility,
        coalesce(p.proconfig, '{}') as settings,
        pg_catalog.obj_description(p.oid, 'pg_proc') as description,
        coalesce((
          select json_agg(json_build_object(
            'name', coalesce(a.name, ''),
            'type', a.type::pg_catalog.regtype::text,
            'required', a.input_index <= p.pronargs - p.pronargdefaults,
            'variadic', a.mode = 'v'
          ) order by a.idx)
          from (
            select x.name, x.type, coalesce(x.mode, 'i') as mode, x.idx,
              row_number() over (partition by coalesce(x.mode, 'i') in ('i', 'b', 'v') order by x.idx) as input_index
            from unnest(
              coalesce(p.proargnames, array_fill(null::text, array[coalesce(array_length(p.proallargtypes, 1), p.pronargs)])),
              coalesce(p.proallargtypes, p.proargtypes::oid[]),
              coalesce(p.proargmodes::text[], array_fill('i'::text, array[p.pronargs]))
            ) with ordinality x(name, type, mode, idx)
          ) a
          where a.mode in ('i', 'b', 'v')
        ), '[]') as params
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      join pg_catalog.pg_type t on t.oid = p.prorettype
      left join pg_catalog.pg_class rc on rc.oid = t.typrelid
      where p.prokind = 'f' and n.nspname = any($1::text[])
        and t.oid <> 'pg_catalog.trigger'::pg_catalog.regtype
        and t.oid <> 'pg_catalog.event_trigger'::pg_catalog.regtype
    ) r
  )
) as cache`;
