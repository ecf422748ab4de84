-- Enhanced CTI's list of actors, intrusion sets, malware, tools and campaigns (ATT&CK and the MISP
-- galaxies): filtered by kind, source and text on the server, keyset pages by name or by STIX
-- modified; the kinds and sources to filter by with their counts; and an object's indicators through
-- `indicates` links (its own, and for an actor those of the software it uses).
-- Every public function is security invoker: RLS decides, so a TLP:RED object, link or indicator is
-- neither listed nor counted for an analyst.

-- Keyset pages read one of these in order and stop after a page. Partial: only the five kinds the
-- list shows (about 8,000 rows in the demo), not techniques, analytics or reports.
create index intel_objects_cti_name_idx on public.intel_objects (lower(name), stix_id)
  where type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign');
create index intel_objects_cti_modified_idx on public.intel_objects (modified desc nulls last, stix_id desc)
  where type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign');

-- Trigram and full-text operators are not leakproof, so under RLS they cannot use their indexes.
-- This helper finds the candidates through the indexes as the owner; cti_objects re-reads them under
-- RLS, so a TLP:RED object stays hidden (the same pattern as private.intel_objects_matching).
create function private.cti_objects_matching(_query text, _cap integer default 5000) returns text[]
language sql stable security definer set search_path = '' as $$
  -- Names, aliases and ids first (what an analyst typing a name means); only when none matches, a
  -- typo-tolerant name match and the descriptions' full text ("ukraine", "cobalt strke").
  select coalesce(
    nullif(array(
      select o.stix_id from public.intel_objects o
       where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
         and (o.search_names ilike '%' || replace(replace(replace(_query, '\', '\\'), '%', '\%'), '_', '\_') || '%'
              or o.external_ids && array[_query, upper(_query)])
       limit _cap), '{}'),
    array(
      select o.stix_id from public.intel_objects o
       where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
         and (_query operator(extensions.<%) o.search_names
              or o.search @@ websearch_to_tsquery('english', _query))
       limit _cap))
$$;
comment on function private.cti_objects_matching(text, integer) is
  'Ids of actors, intrusion sets, malware, tools and campaigns whose name or aliases contain the text or whose external id it is; failing those, whose name resembles it or whose description matches it (full text); callers re-read them under RLS.';
revoke all on function private.cti_objects_matching(text, integer) from public, anon;
grant execute on function private.cti_objects_matching(text, integer) to authenticated;

create function public.cti_objects(
  _kinds text[] default null,
  _source_id uuid default null,
  _query text default null,
  _include_revoked boolean default false,
  _sort text default 'name',
  _after_key text default null,
  _after_id text default null,
  _limit integer default 100
)
returns table (
  stix_id text,
  type text,
  name text,
  aliases text[],
  external_ids text[],
  modified timestamptz,
  tlp public.tlp_level,
  revoked boolean,
  deprecated boolean,
  sources text[],
  techniques integer,
  indicators bigint,
  sort_key text
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  all_kinds constant text[] := array['threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign'];
  q text := nullif(btrim(coalesce(_query, '')), '');
  key_expr text;
  order_by text;
  after text := '';
begin
  if _limit is null or _limit < 1 or _limit > 500 then
    raise exception 'The page size must be between 1 and 500.' using errcode = '22023';
  end if;
  if char_length(coalesce(q, '')) > 200 then
    raise exception 'Search for at most 200 characters.' using errcode = '22023';
  end if;
  if _kinds is not null and not (_kinds <@ all_kinds) then
    raise exception 'Unknown kind: use threat-actor, intrusion-set, malware, tool or campaign.' using errcode = '22023';
  end if;
  case _sort
    when 'name' then
      key_expr := 'lower(o.name)';
      order_by := 'lower(o.name), o.stix_id';
      if _after_id is not null then
        after := 'and (lower(o.name), o.stix_id) > ($5, $6)';
      end if;
    when 'modified' then
      key_expr := 'o.modified';
      order_by := 'o.modified desc nulls last, o.stix_id desc';
      if _after_id is not null then
        after := case when _after_key is null
          then 'and o.modified is null and o.stix_id < $6'
          else 'and (o.modified < $5::timestamptz or o.modified is null or (o.modified = $5::timestamptz and o.stix_id < $6))' end;
      end if;
    else
      raise exception 'Unknown sort "%": use name or modified.', _sort using errcode = '22023';
  end case;

  -- The literal kind list lets the planner use the partial indexes above; $1 narrows it.
  return query execute format($q$
    select o.stix_id, o.type, o.name, o.aliases, o.external_ids, o.modified, o.tlp, o.revoked, o.deprecated,
      array(select s.name from public.sources s where s.id = any (o.source_ids) order by s.name),
      (select count(*)::integer from public.relationships r
        where r.source_ref = o.stix_id and r.relationship_type = 'uses' and not r.revoked
          and starts_with(r.target_ref, 'attack-pattern--')),
      coalesce((select c.indicator_count from public.malware_indicator_counts c where c.stix_id = o.stix_id), 0),
      %s::text
    from public.intel_objects o
    where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
      and ($1::text[] is null or o.type = any ($1))
      and ($2::uuid is null or o.source_ids @> array[$2::uuid])
      and ($3::boolean or not (o.revoked or o.deprecated))
      %s
      %s
    order by %s
    limit $7
  $q$, key_expr,
    case when q is null then ''
      else 'and o.stix_id in (select unnest(private.cti_objects_matching($4)) offset 0)' end,
    after, order_by)
  using _kinds, _source_id, coalesce(_include_revoked, false), q, _after_key, _after_id, _limit;
end
$$;
comment on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) is
  'Enhanced CTI''s list: threat actors, intrusion sets, malware, tools and campaigns filtered by kind, source and text (name, alias, external id or description), revoked and deprecated ones only on request, sorted by name or STIX modified in keyset pages (pass the last row''s sort_key and stix_id); with source names, how many techniques each uses and how many indicators point at it; RLS applies.';
revoke all on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) from public, anon;
grant execute on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) to authenticated;

-- What the list can be filtered by: one row per kind (source empty) and one per source (kind empty).
create function public.cti_object_facets()
returns table (kind text, source_id uuid, source_name text, objects bigint)
language sql stable security invoker set search_path = '' as $$
  select o.type, null::uuid, null::text, count(*)
    from public.intel_objects o
   where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
     and not (o.revoked or o.deprecated)
   group by o.type
  union all
  select null, s.id, s.name, count(*)
    from public.intel_objects o
    cross join lateral unnest(o.source_ids) as delivered (id)
    join public.sources s on s.id = delivered.id
   where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
     and not (o.revoked or o.deprecated)
   group by s.id, s.name
$$;
comment on function public.cti_object_facets() is
  'The kinds and sources Enhanced CTI''s list can be filtered by, each with how many current objects it has (one row per kind with no source, one per source with no kind); RLS applies.';
revoke all on function public.cti_object_facets() from public, anon;
grant execute on function public.cti_object_facets() to authenticated;

-- An object's indicators: those that indicate it, and for an actor or campaign those that indicate
-- the malware and tools it uses (`via` names which). Newest last-seen first; `total` counts them all.
create function public.object_indicators(_stix_id text, _limit integer default 50)
returns table (
  id bigint,
  type public.indicator_type,
  value text,
  tlp public.tlp_level,
  confidence smallint,
  last_seen timestamptz,
  revoked boolean,
  via_stix_id text,
  via_name text,
  total bigint
)
language sql stable security invoker set search_path = '' as $$
  with targets as (
    select _stix_id as target, null::text as via
    union
    select r.target_ref, r.target_ref
      from public.relationships r
     where r.source_ref = _stix_id and r.relationship_type = 'uses' and not r.revoked
       and (starts_with(r.target_ref, 'malware--') or starts_with(r.target_ref, 'tool--'))
  ), found as (
    -- An indicator of both the object and its software is listed once, as the object's own.
    select distinct on (i.id) i.id, i.type, i.value, i.tlp, i.confidence, i.last_seen, i.revoked, t.via
      from targets t
      join public.relationships r on r.target_ref = t.target and r.relationship_type = 'indicates' and not r.revoked
      join public.indicators i on i.stix_id = r.source_ref
     where starts_with(r.source_ref, 'indicator--')
     order by i.id, t.via nulls first
  )
  select f.id, f.type, f.value, f.tlp, f.confidence, f.last_seen, f.revoked, f.via, v.name, count(*) over ()
    from found f
    left join public.intel_objects v on v.stix_id = f.via
   order by f.last_seen desc nulls last, f.id desc
   limit least(greatest(coalesce(_limit, 50), 1), 500)
$$;
comment on function public.object_indicators(text, integer) is
  'The indicators of one object through indicates links: its own and, for an actor or campaign, those of the malware and tools it uses (via_stix_id, via_name); newest last seen first, at most _limit (1-500), total counts them all; RLS applies.';
revoke all on function public.object_indicators(text, integer) from public, anon;
grant execute on function public.object_indicators(text, integer) to authenticated;
