-- One actor, one entry: an object another source already describes (Sofacy in the MISP galaxy is
-- APT28 in ATT&CK) points at it through `merged_into`. Both rows stay as their sources delivered
-- them (each keeps its STIX id, its sources and its raw STIX, so an export still says where each
-- came from); lists and searches show the surviving object, with the merged ones' sources and
-- names. The importer decides the merges (intel/src/pipeline/duplicates) from the whole table, so
-- the result does not depend on which source was imported first.

alter table public.intel_objects
  add column merged_into text references public.intel_objects (stix_id) on delete set null
    check (merged_into <> stix_id);
comment on column public.intel_objects.merged_into is
  'The object this one duplicates (same kind, a name or alias in common, another source); set by the importer, null when it stands on its own.';
-- Few rows are merged: the index holds only those, and answers "what was merged into X".
create index intel_objects_merged_into_idx on public.intel_objects (merged_into) where merged_into is not null;

-- Well-known names of vulnerabilities ("log4shell"), which neither the KEV catalogue nor the CVE
-- records carry; found by the one-box search. Reference data kept with the schema.
create table public.vulnerability_names (
  cve_id text not null check (cve_id ~ '^CVE-\d{4}-\d{4,}$'),
  name text not null check (char_length(name) between 2 and 100),
  primary key (cve_id, name)
);
comment on table public.vulnerability_names is 'Names vulnerabilities are known by (Log4Shell, EternalBlue), for search.';
comment on column public.vulnerability_names.cve_id is 'The CVE the name stands for.';
comment on column public.vulnerability_names.name is 'The name as commonly written.';
create index vulnerability_names_lower_name_idx on public.vulnerability_names (lower(name));
alter table public.vulnerability_names enable row level security;
grant select on public.vulnerability_names to authenticated;
grant all on public.vulnerability_names to service_role;
create policy "Analysts read vulnerability names" on public.vulnerability_names
  for select to authenticated using (true);

insert into public.vulnerability_names (cve_id, name) values
  ('CVE-2021-44228', 'Log4Shell'),
  ('CVE-2014-0160', 'Heartbleed'),
  ('CVE-2014-6271', 'Shellshock'),
  ('CVE-2017-0144', 'EternalBlue'),
  ('CVE-2019-0708', 'BlueKeep'),
  ('CVE-2020-1472', 'Zerologon'),
  ('CVE-2020-0796', 'SMBGhost'),
  ('CVE-2020-1350', 'SIGRed'),
  ('CVE-2021-34527', 'PrintNightmare'),
  ('CVE-2021-26855', 'ProxyLogon'),
  ('CVE-2021-34473', 'ProxyShell'),
  ('CVE-2021-34523', 'ProxyShell'),
  ('CVE-2021-31207', 'ProxyShell'),
  ('CVE-2022-41040', 'ProxyNotShell'),
  ('CVE-2022-41082', 'ProxyNotShell'),
  ('CVE-2022-30190', 'Follina'),
  ('CVE-2022-22965', 'Spring4Shell'),
  ('CVE-2022-42889', 'Text4Shell'),
  ('CVE-2023-4966', 'Citrix Bleed'),
  ('CVE-2016-5195', 'Dirty COW'),
  ('CVE-2022-0847', 'Dirty Pipe'),
  ('CVE-2021-4034', 'PwnKit'),
  ('CVE-2021-3156', 'Baron Samedit'),
  ('CVE-2024-6387', 'regreSSHion');

-- Enhanced CTI's candidates: a merged object's names find the object it was merged into.
create or replace function private.cti_objects_matching(_query text, _cap integer default 5000) returns text[]
language sql stable security definer set search_path = '' as $$
  -- Names, aliases and ids first (what an analyst typing a name means); only when none matches, a
  -- typo-tolerant name match and the descriptions' full text ("ukraine", "cobalt strke").
  select coalesce(
    nullif(array(
      select distinct coalesce(o.merged_into, o.stix_id) from public.intel_objects o
       where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
         and (o.search_names ilike '%' || replace(replace(replace(_query, '\', '\\'), '%', '\%'), '_', '\_') || '%'
              or o.external_ids && array[_query, upper(_query)])
       limit _cap), '{}'),
    array(
      select distinct coalesce(o.merged_into, o.stix_id) from public.intel_objects o
       where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
         and (_query operator(extensions.<%) o.search_names
              or o.search @@ websearch_to_tsquery('english', _query))
       limit _cap))
$$;

-- The list gains the `links` sort (the default in the app: the most referenced objects first,
-- rather than A→Z over junk names) and the merged objects' sources and aliases.
drop function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer);
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
  links integer,
  sort_key text
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  all_kinds constant text[] := array['threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign'];
  q text := nullif(btrim(coalesce(_query, '')), '');
  key_expr text;
  order_by text;
  after text := '';
  -- Relationships of the object and of the objects merged into it (two index probes per id).
  links_expr constant text := $e$(
    (select count(*) from public.relationships r
      where r.source_ref = any (array_prepend(o.stix_id, array(select d.stix_id from public.intel_objects d where d.merged_into = o.stix_id)))
        and not r.revoked)
    + (select count(*) from public.relationships r
      where r.target_ref = any (array_prepend(o.stix_id, array(select d.stix_id from public.intel_objects d where d.merged_into = o.stix_id)))
        and not r.revoked))::integer$e$;
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
    when 'links' then
      -- Most links first, then by name: one text key (links inverted and zero-padded, then the
      -- name) in byte order, so a page resumes after the last row's key.
      key_expr := $k$(lpad((999999999 - least(l.links, 999999999))::text, 9, '0') || lower(coalesce(o.name, ''))) collate "C"$k$;
      order_by := key_expr || ', o.stix_id';
      if _after_id is not null then
        after := 'and (' || key_expr || ', o.stix_id) > ($5 collate "C", $6)';
      end if;
    else
      raise exception 'Unknown sort "%": use links, name or modified.', _sort using errcode = '22023';
  end case;

  -- The literal kind list lets the planner use the partial indexes; $1 narrows it. What the merged
  -- objects add is read per listed row (after the limit); only the links sort counts every row.
  return query execute format($q$
    select o.stix_id, o.type, o.name,
      array(select distinct on (lower(a)) a
              from unnest(o.aliases || array(select x from public.intel_objects d, unnest(array_prepend(d.name, d.aliases)) x
                                               where d.merged_into = o.stix_id)) a
             where lower(a) <> lower(coalesce(o.name, '')) order by lower(a), a),
      o.external_ids, o.modified, o.tlp, o.revoked, o.deprecated,
      array(select s.name from public.sources s
             where s.id = any (o.source_ids)
                or s.id in (select unnest(d.source_ids) from public.intel_objects d where d.merged_into = o.stix_id)
             order by s.name),
      (select count(*)::integer from public.relationships r
        where r.source_ref = o.stix_id and r.relationship_type = 'uses' and not r.revoked
          and starts_with(r.target_ref, 'attack-pattern--')),
      coalesce((select c.indicator_count from public.malware_indicator_counts c where c.stix_id = o.stix_id), 0),
      %s,
      %s::text
    from public.intel_objects o
    %s
    where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
      and o.merged_into is null
      and ($1::text[] is null or o.type = any ($1))
      and ($2::uuid is null or o.source_ids @> array[$2::uuid]
           or exists (select 1 from public.intel_objects d where d.merged_into = o.stix_id and d.source_ids @> array[$2::uuid]))
      and ($3::boolean or not (o.revoked or o.deprecated))
      %s
      %s
    order by %s
    limit $7
  $q$,
    case when _sort = 'links' then 'l.links' else links_expr end,
    key_expr,
    case when _sort = 'links' then 'cross join lateral (select ' || links_expr || ' as links) l' else '' end,
    case when q is null then ''
      else 'and o.stix_id in (select unnest(private.cti_objects_matching($4)) offset 0)' end,
    after, order_by)
  using _kinds, _source_id, coalesce(_include_revoked, false), q, _after_key, _after_id, _limit;
end
$$;
comment on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) is
  'Enhanced CTI''s list: threat actors, intrusion sets, malware, tools and campaigns filtered by kind, source and text (name, alias, external id or description), revoked and deprecated ones only on request, objects merged into another shown as that one (their aliases and sources added), sorted by links (most first), name or STIX modified in keyset pages (pass the last row''s sort_key and stix_id); with source names, how many techniques each uses, how many indicators point at it and how many relationships it has; RLS applies.';
revoke all on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) from public, anon;
grant execute on function public.cti_objects(text[], uuid, text, boolean, text, text, text, integer) to authenticated;

-- The facets count what the list shows: a merged object is counted once, under each of its sources.
create or replace function public.cti_object_facets()
returns table (kind text, source_id uuid, source_name text, objects bigint)
language sql stable security invoker set search_path = '' as $$
  select o.type, null::uuid, null::text, count(*)
    from public.intel_objects o
   where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
     and not (o.revoked or o.deprecated) and o.merged_into is null
   group by o.type
  union all
  select null, s.id, s.name, count(distinct coalesce(o.merged_into, o.stix_id))
    from public.intel_objects o
    cross join lateral unnest(o.source_ids) as delivered (id)
    join public.sources s on s.id = delivered.id
   where o.type in ('threat-actor', 'intrusion-set', 'malware', 'tool', 'campaign')
     and not (o.revoked or o.deprecated)
   group by s.id, s.name
$$;
