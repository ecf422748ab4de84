-- The knowledge graph (issue 29 §3): one object's neighbourhood for the Graph tab, expanded on the
-- server. Knowledge objects linked to it by relationships are nodes (one group node per type when a
-- type has many), its indicators (`indicates` links) are one group node ("100,000 indicators") that
-- expands into one group per indicator type and then into pages of indicators, and its sightings are
-- counted. security invoker: every row read passes the same row-level policies as a direct read, so
-- a TLP:RED neighbour outside the caller's audience is neither drawn nor counted; the indicator
-- counts come from kept totals per TLP (below), summed up to the caller's clearance, with RED never
-- among them.
--
-- The answer is one JSON document: {"root", "nodes": [...], "edges": [...]}. A node is
-- {"id", "kind": "object" | "indicator" | "group", "type", "label", "tlp", "date", ...}; a group node
-- adds "count", "group" (what to send back as _expand to open it) and, for indicators, "by_type".
-- _expand opens a group of the root instead of the neighbourhood:
--   {"group": "indicator"}                            one group per indicator type
--   {"group": "indicator", "type": "ipv4", "after": ""} a page of that type (after: the last STIX id seen)
--   {"group": "object", "type": "attack-pattern", "after": ""} a page of that type of neighbour (after: the last STIX id)
-- A page answers its group node again with "next" (the cursor of the next page, absent at the end).

create function private.graph_node(_kind text, _id text, _type text, _label text, _tlp public.tlp_level,
                                   _date timestamptz) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_strip_nulls(jsonb_build_object('id', _id, 'kind', _kind, 'type', _type, 'label', _label,
                                              'tlp', _tlp, 'date', _date))
$$;
comment on function private.graph_node(text, text, text, text, public.tlp_level, timestamptz) is
  'One node of graph_neighbourhood''s answer (nulls left out).';
revoke all on function private.graph_node(text, text, text, text, public.tlp_level, timestamptz) from public, anon;
grant execute on function private.graph_node(text, text, text, text, public.tlp_level, timestamptz) to authenticated, service_role;

create function public.graph_neighbourhood(
  _kind text,
  _id text,
  _expand jsonb default null,
  _types text[] default null,
  _since timestamptz default null,
  _until timestamptz default null,
  _limit integer default 100
) returns jsonb
language plpgsql stable security invoker set search_path = '' set jit = off as $$
declare
  lim integer := least(greatest(coalesce(_limit, 100), 1), 500);
  -- A type with more neighbours than this is one group node until opened.
  group_over constant integer := 25;
  root_id text;
  root jsonb;
  nodes jsonb := '[]';
  edges jsonb := '[]';
  grp text := _expand ->> 'group';
  grp_type text := _expand ->> 'type';
  total bigint;
  by_type jsonb;
  page jsonb;
  last_key text;
  group_id text;
  more boolean;
begin
  if _kind is null or _kind not in ('object', 'indicator') then
    raise exception 'A graph starts at an object or an indicator, not "%".', left(coalesce(_kind, ''), 50)
      using errcode = '22023';
  end if;
  if _since is not null and _until is not null and _since > _until then
    raise exception 'The date range ends before it starts.' using errcode = '22023';
  end if;
  if grp is not null and grp not in ('indicator', 'object') then
    raise exception 'Only indicator and object groups expand, not "%".', left(grp, 50) using errcode = '22023';
  end if;

  -- The root, under RLS: what the caller cannot read does not exist for them.
  if _kind = 'object' then
    select o.stix_id, private.graph_node('object', o.stix_id, o.type, coalesce(o.name, o.stix_id), o.tlp, o.modified)
      into root_id, root from public.intel_objects o where o.stix_id = _id;
  else
    select i.stix_id, private.graph_node('indicator', i.stix_id, i.type::text, i.value, i.tlp, i.last_seen)
      into root_id, root from public.indicators i
     where i.stix_id = _id or (_id ~ '^[0-9]{1,18}$' and i.id = _id::bigint);
  end if;
  if root_id is null then
    -- 22023 (HTTP 400), not P0002, which PostgREST answers as a 500.
    raise exception 'No such object, or your clearance does not cover it.' using errcode = '22023';
  end if;

  -- Indicators of the root, one indicator type at a time (group) or counted by type.
  if grp = 'indicator' and grp_type is not null then
    group_id := 'group:' || root_id || ':indicator:' || grp_type;
    with page_rows as (
      select i.stix_id, i.type, i.value, i.tlp, i.last_seen
        from public.relationships r
        join public.indicators i on i.stix_id = r.source_ref
       where r.target_ref = root_id and r.relationship_type = 'indicates' and not r.revoked
         and starts_with(r.source_ref, 'indicator--') and i.type::text = grp_type
         and (_since is null or i.last_seen >= _since) and (_until is null or i.last_seen <= _until)
         and r.source_ref > coalesce(_expand ->> 'after', '')
       order by r.source_ref
       limit lim + 1
    )
    select coalesce(jsonb_agg(private.graph_node('indicator', p.stix_id, p.type::text, p.value, p.tlp, p.last_seen)
                              order by p.stix_id) filter (where p.n <= lim), '[]'),
           max(p.stix_id) filter (where p.n = lim), count(*) > lim
      into page, last_key, more
      from (select pr.*, row_number() over (order by pr.stix_id) as n from page_rows pr) p;
    nodes := page;
    edges := (select coalesce(jsonb_agg(jsonb_build_object('source', n ->> 'id', 'target', group_id, 'type', 'indicates')), '[]')
                from jsonb_array_elements(page) n);
    return jsonb_build_object('root', root_id, 'group', group_id, 'nodes', nodes, 'edges', edges,
                              'next', case when more then last_key end);
  end if;

  if grp = 'object' then
    if grp_type is null then
      raise exception 'Name the type of the group to open.' using errcode = '22023';
    end if;
    group_id := 'group:' || root_id || ':object:' || grp_type;
    with links as (
      select r.relationship_type, r.target_ref as other, true as outward from public.relationships r
       where r.source_ref = root_id and not r.revoked and starts_with(r.target_ref, grp_type || '--')
      union all
      select r.relationship_type, r.source_ref, false from public.relationships r
       where r.target_ref = root_id and not r.revoked and starts_with(r.source_ref, grp_type || '--')
    ), others as (
      select o.stix_id, o.type, o.name, o.tlp, o.modified, string_agg(distinct l.relationship_type, ', ') as rel,
             bool_or(l.outward) as outward
        from links l join public.intel_objects o on o.stix_id = l.other
       where o.type = grp_type and o.stix_id > coalesce(_expand ->> 'after', '')
         and (_since is null or o.modified >= _since) and (_until is null or o.modified <= _until)
       group by o.stix_id
       order by o.stix_id
       limit lim + 1
    ), numbered as (select x.*, row_number() over (order by x.stix_id) as n from others x)
    select coalesce(jsonb_agg(private.graph_node('object', x.stix_id, x.type, coalesce(x.name, x.stix_id), x.tlp, x.modified)
                              order by x.stix_id) filter (where x.n <= lim), '[]'),
           coalesce(jsonb_agg(jsonb_build_object('source', case when x.outward then group_id else x.stix_id end,
                                                 'target', case when x.outward then x.stix_id else group_id end,
                                                 'type', x.rel) order by x.stix_id) filter (where x.n <= lim), '[]'),
           max(x.stix_id) filter (where x.n = lim), count(*) > lim
      into nodes, edges, last_key, more
      from numbered x;
    return jsonb_build_object('root', root_id, 'group', group_id, 'nodes', nodes, 'edges', edges,
                              'next', case when more then last_key end);
  end if;

  nodes := jsonb_build_array(root);

  if _types is null or 'indicator' = any (_types) then
    if _since is null and _until is null then
      by_type := private.graph_indicator_count(root_id);
    end if;
    if by_type is null then
      select coalesce(jsonb_object_agg(c.type, c.n), '{}') into by_type
      from (select i.type::text as type, count(*) as n
              from public.relationships r
              join public.indicators i on i.stix_id = r.source_ref
             where r.target_ref = root_id and r.relationship_type = 'indicates' and not r.revoked
               and starts_with(r.source_ref, 'indicator--')
               and (_since is null or i.last_seen >= _since) and (_until is null or i.last_seen <= _until)
             group by i.type) c;
    end if;
    select coalesce(sum(value::bigint), 0) into total from jsonb_each_text(by_type);
    if grp = 'indicator' then
      -- The indicator group opened: one group per type.
      select coalesce(jsonb_agg(jsonb_build_object(
               'id', 'group:' || root_id || ':indicator:' || t.key, 'kind', 'group', 'type', 'indicator',
               'label', to_char(t.value::bigint, 'FM999,999,999,990') || ' ' || t.key || ' indicators',
               'count', t.value::bigint, 'group', jsonb_build_object('group', 'indicator', 'type', t.key))
               order by t.value::bigint desc, t.key), '[]'),
             coalesce(jsonb_agg(jsonb_build_object('source', 'group:' || root_id || ':indicator:' || t.key,
                                                   'target', 'group:' || root_id || ':indicator', 'type', 'indicates')), '[]')
        into nodes, edges
        from jsonb_each_text(by_type) t;
      return jsonb_build_object('root', root_id, 'group', 'group:' || root_id || ':indicator', 'nodes', nodes,
                                'edges', edges);
    end if;
    if total > 0 and total <= 10 then
      select nodes || coalesce(jsonb_agg(private.graph_node('indicator', i.stix_id, i.type::text, i.value, i.tlp, i.last_seen)), '[]'),
             edges || coalesce(jsonb_agg(jsonb_build_object('source', i.stix_id, 'target', root_id, 'type', 'indicates')), '[]')
        into nodes, edges
        from public.relationships r
        join public.indicators i on i.stix_id = r.source_ref
       where r.target_ref = root_id and r.relationship_type = 'indicates' and not r.revoked
         and starts_with(r.source_ref, 'indicator--')
         and (_since is null or i.last_seen >= _since) and (_until is null or i.last_seen <= _until);
    elsif total > 10 then
      group_id := 'group:' || root_id || ':indicator';
      nodes := nodes || jsonb_build_object(
        'id', group_id, 'kind', 'group', 'type', 'indicator',
        'label', to_char(total, 'FM999,999,999,990') || ' indicators', 'count', total, 'by_type', by_type,
        'group', jsonb_build_object('group', 'indicator'));
      edges := edges || jsonb_build_object('source', group_id, 'target', root_id, 'type', 'indicates');
    end if;
  elsif grp = 'indicator' then
    return jsonb_build_object('root', root_id, 'group', 'group:' || root_id || ':indicator', 'nodes', '[]'::jsonb,
                              'edges', '[]'::jsonb);
  end if;

  -- Knowledge objects on either side of a relationship (an indicator root: the objects it indicates).
  with links as (
    select r.relationship_type, r.target_ref as other, true as outward from public.relationships r
     where r.source_ref = root_id and not r.revoked and not starts_with(r.target_ref, 'indicator--')
    union all
    select r.relationship_type, r.source_ref, false from public.relationships r
     where r.target_ref = root_id and not r.revoked and not starts_with(r.source_ref, 'indicator--')
  ), others as (
    select o.stix_id, o.type, o.name, o.tlp, o.modified, string_agg(distinct l.relationship_type, ', ') as rel,
           bool_or(l.outward) as outward
      from links l join public.intel_objects o on o.stix_id = l.other
     where (_types is null or o.type = any (_types))
       and (_since is null or o.modified >= _since) and (_until is null or o.modified <= _until)
     group by o.stix_id
  ), counted as (
    select x.*, count(*) over (partition by x.type) as of_type,
           row_number() over (order by x.type, x.name, x.stix_id) as n
      from others x
  )
  select nodes || coalesce(jsonb_agg(private.graph_node('object', c.stix_id, c.type, coalesce(c.name, c.stix_id), c.tlp, c.modified)
                                     order by c.n) filter (where c.of_type <= group_over), '[]'),
         edges || coalesce(jsonb_agg(jsonb_build_object('source', case when c.outward then root_id else c.stix_id end,
                                                        'target', case when c.outward then c.stix_id else root_id end,
                                                        'type', c.rel) order by c.n) filter (where c.of_type <= group_over), '[]')
    into nodes, edges
    from counted c
   where c.n <= lim;
  -- Types with many neighbours: one group node each, counted in full.
  with links as (
    select r.target_ref as other, r.relationship_type from public.relationships r
     where r.source_ref = root_id and not r.revoked and not starts_with(r.target_ref, 'indicator--')
    union all
    select r.source_ref, r.relationship_type from public.relationships r
     where r.target_ref = root_id and not r.revoked and not starts_with(r.source_ref, 'indicator--')
  ), typed as (
    select o.type, count(distinct o.stix_id) as n, string_agg(distinct l.relationship_type, ', ') as rel
      from links l join public.intel_objects o on o.stix_id = l.other
     where (_types is null or o.type = any (_types))
       and (_since is null or o.modified >= _since) and (_until is null or o.modified <= _until)
     group by o.type
    having count(distinct o.stix_id) > group_over
  )
  select nodes || coalesce(jsonb_agg(jsonb_build_object(
           'id', 'group:' || root_id || ':object:' || t.type, 'kind', 'group', 'type', t.type,
           'label', to_char(t.n, 'FM999,999,999,990') || ' ' || t.type, 'count', t.n,
           'group', jsonb_build_object('group', 'object', 'type', t.type))), '[]'),
         edges || coalesce(jsonb_agg(jsonb_build_object('source', root_id, 'target', 'group:' || root_id || ':object:' || t.type,
                                                        'type', t.rel)), '[]')
    into nodes, edges
    from typed t;

  -- Sightings of the root, counted (an indicator's telemetry sightings included).
  if _types is null or 'sighting' = any (_types) then
    select count(*) into total from public.sightings s
     where (s.sighting_of_ref = root_id
            or (_kind = 'indicator' and s.indicator_id = (select i.id from public.indicators i where i.stix_id = root_id)))
       and (_since is null or s.last_seen >= _since) and (_until is null or s.last_seen <= _until);
    if total > 0 then
      nodes := nodes || jsonb_build_object('id', 'group:' || root_id || ':sighting', 'kind', 'group', 'type', 'sighting',
                                           'label', to_char(total, 'FM999,999,999,990') || ' sightings', 'count', total);
      edges := edges || jsonb_build_object('source', 'group:' || root_id || ':sighting', 'target', root_id, 'type', 'sighting-of');
    end if;
  end if;

  return jsonb_build_object('root', root_id, 'nodes', nodes, 'edges', edges);
end
$$;
comment on function public.graph_neighbourhood(text, text, jsonb, text[], timestamptz, timestamptz, integer) is
  'The graph of one object (_kind object, _id its STIX id) or indicator (_kind indicator, _id its STIX id or id): its neighbours by relationship, types with more than 25 as one group node, its indicators as one counted group (by type; ten or fewer are drawn), its sightings counted; _expand opens a group ({"group":"indicator"} by type, {"group":"indicator","type":"ipv4","after":stix_id} or {"group":"object","type":"malware","after":stix_id} a page of _limit, 1-500, with "next"); _types keeps only those node types (object types, indicator, sighting), _since/_until those dated in the range (objects by modified, indicators and sightings by last seen). RLS applies to every row read and counted; an unreadable root is "No such object".';
revoke all on function public.graph_neighbourhood(text, text, jsonb, text[], timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.graph_neighbourhood(text, text, jsonb, text[], timestamptz, timestamptz, integer) to authenticated, service_role;
