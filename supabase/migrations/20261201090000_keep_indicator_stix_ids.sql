-- STIX ids that survive. An indicator is one row per (type, value), with a deterministic id
-- (uuid5 of type and value, `stix_id`) that every internal reference uses: sightings, derived
-- `indicates` links, exports for controls. A producer's bundle names the same indicator by its
-- own id (`indicator--A`) and its relationships point at A; serving the indicator under our id
-- left those relationships dangling. Now:
--   * every STIX id an indicator arrived with is kept (`indicator_stix_ids`, one owner per id:
--     the first value it named), so a relationship to any of them resolves;
--   * the first of them is the id the indicator is served and exported under
--     (`indicators.origin_stix_id`); a value that never arrived with a STIX id keeps ours;
--   * TAXII and exports write relationships with their refs mapped to those served ids, and
--     leave out a relationship whose other end is not in the same collection for this reader
--     (absent, another TLP, type or source, or hidden by RLS): never a dangling reference.

create table public.indicator_stix_ids (
  stix_id text collate "C" primary key
    check (stix_id ~ '^indicator--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  indicator_id bigint not null references public.indicators (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.indicator_stix_ids is
  'Every STIX id an indicator arrived with (a producer''s own id for it); one indicator per id, the first value the id named.';
comment on column public.indicator_stix_ids.stix_id is 'A STIX indicator id as a source sent it.';
comment on column public.indicator_stix_ids.indicator_id is 'The indicator it names.';
comment on column public.indicator_stix_ids.created_at is 'When the id first arrived.';
create index indicator_stix_ids_indicator_id_idx on public.indicator_stix_ids (indicator_id);

alter table public.indicator_stix_ids enable row level security;
revoke all on public.indicator_stix_ids from public, anon, authenticated;
grant select on public.indicator_stix_ids to authenticated;
grant all on public.indicator_stix_ids to service_role;
create policy "Analysts read the ids of indicators they may read" on public.indicator_stix_ids
  for select to authenticated
  using (exists (select 1 from public.indicators i where i.id = indicator_stix_ids.indicator_id));

alter table public.indicators add column origin_stix_id text collate "C";
comment on column public.indicators.origin_stix_id is
  'The first STIX id it arrived with (one of indicator_stix_ids): the id TAXII and exports serve it under; null when it never came with one (served as stix_id).';
comment on column public.indicators.stix_id is
  'Deterministic STIX id (UUIDv5 of type and value): the internal key sightings and derived links use; served when origin_stix_id is null.';
create unique index indicators_origin_stix_id_key on public.indicators (origin_stix_id) where origin_stix_id is not null;

-- Existing STIX imports: the ids their sources gave (indicator_sources.source_ref), oldest first.
insert into public.indicator_stix_ids (stix_id, indicator_id, created_at)
select distinct on (s.source_ref) s.source_ref, s.indicator_id, s.created_at
  from public.indicator_sources s
 where starts_with(s.source_ref, 'indicator--')
   and s.source_ref ~ '^indicator--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
 order by s.source_ref, s.created_at, s.indicator_id
on conflict (stix_id) do nothing;
update public.indicators i set origin_stix_id = a.stix_id
  from (select distinct on (indicator_id) indicator_id, stix_id from public.indicator_stix_ids
         order by indicator_id, created_at, stix_id) a
 where i.id = a.indicator_id and i.origin_stix_id is null;

-- TAXII pages keyset on (date_added, served id).
drop index if exists public.indicators_taxii_page_idx;
create index indicators_taxii_page_idx on public.indicators (updated_at, (coalesce(origin_stix_id, stix_id)));

drop function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean);

-- The objects of a collection as the caller may read them, in TAXII order (date_added, then id in
-- byte order), after a keyset cursor. Each table is read through its (updated_at, id) index and
-- only `_limit` rows of each are merged, so a page costs the same at any depth.
-- `_with_objects = false` serves the manifest without rendering objects; `_max_tlp` leaves out
-- what is marked above a level (exports), relationships to it included.
--
-- The STIX rendering is written inline, not in helper functions: a function with its own
-- search_path is never inlined, and calling one per row made a page of 1,000 cost 0.5 s instead
-- of milliseconds. This function is the one place that renders the knowledge base as STIX 2.1:
--   indicators: a STIX 2.1 indicator under its served id (the first STIX id it arrived with, else
--   ours), the other ids it is known by in `x_cti_stix_ids` (valid_until dropped unless after
--   valid_from, §4.7); `_ids` finds it by any of its ids;
--   knowledge objects: the object as received, spec_version 2.1 (ATT&CK's 2.0 malware gets the
--   is_family 2.1 requires), its TLP marking added to its own marking refs;
--   relationships: the columns (derived links have an empty `stix`), extras as received, refs
--   mapped to the served ids; one whose source or target is not in this collection for this
--   reader is left out (a consumer cannot resolve a dangling ref);
--   the five TLP 2.0 marking definitions, once.
create function public.taxii_objects(
  _collection_id uuid,
  _after_date timestamptz default '-infinity',
  _after_id text default '',
  _limit integer default 1000,
  _ids text[] default null,
  _types text[] default null,
  _versions timestamptz[] default null,
  _with_objects boolean default true,
  _max_tlp public.tlp_level default null
) returns table (id text, type text, spec_version text, version text, date_added timestamptz, object jsonb)
language plpgsql stable security invoker set search_path = '' as $$
declare
  _c public.taxii_collections;
  _n integer := least(greatest(coalesce(_limit, 1000), 1), 10000);
  _after_d timestamptz := coalesce(_after_date, '-infinity');
  _after_i text collate "C" := coalesce(_after_id, '');
  _wanted text[];
  _ts constant text := 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
  _levels constant public.tlp_level[] := enum_range(null::public.tlp_level);
  _marks text[];
  _with_indicators boolean;
begin
  select * into _c from public.taxii_collections c where c.id = _collection_id and c.can_read;
  if _c.id is null then
    return;
  end if;
  _marks := array(select private.tlp_marking_ref(l) from unnest(_levels) with ordinality u(l, n) order by n);
  -- Types asked for and allowed by the collection (null: all).
  _wanted := case
    when _types is null then _c.object_types
    when _c.object_types is null then _types
    else array(select unnest(_types) intersect select unnest(_c.object_types)) end;
  -- Whether the collection (not this request) holds indicators: a relationship's ends are judged
  -- by what the collection holds, whatever types the client asked for.
  _with_indicators := _c.object_types is null or 'indicator' = any (_c.object_types);
  return query
  select p.id, p.type, p.spec_version, p.version, p.date_added, p.object from (
    (select coalesce(i.origin_stix_id, i.stix_id)::text as id, 'indicator'::text as type, '2.1'::text as spec_version,
            to_char(greatest(i.updated_at, i.created_at) at time zone 'UTC', _ts) as version, i.updated_at as date_added,
            case when _with_objects then jsonb_strip_nulls(jsonb_build_object(
              'type', 'indicator',
              'spec_version', '2.1',
              'id', coalesce(i.origin_stix_id, i.stix_id),
              'created', to_char(i.created_at at time zone 'UTC', _ts),
              'modified', to_char(greatest(i.updated_at, i.created_at) at time zone 'UTC', _ts),
              'name', coalesce(i.name, i.value),
              'description', nullif(i.description, ''),
              'pattern', i.pattern,
              'pattern_type', 'stix',
              'pattern_version', '2.1',
              'valid_from', to_char(coalesce(i.valid_from, i.first_seen, i.created_at) at time zone 'UTC', _ts),
              'valid_until', case when i.valid_until > coalesce(i.valid_from, i.first_seen, i.created_at)
                then to_char(i.valid_until at time zone 'UTC', _ts) end,
              'confidence', i.confidence,
              'revoked', case when i.revoked then true end,
              'labels', case when cardinality(i.labels) > 0 then to_jsonb(i.labels) end,
              'kill_chain_phases', case when jsonb_array_length(i.kill_chain_phases) > 0 then i.kill_chain_phases end,
              'object_marking_refs', jsonb_build_array(_marks[array_position(_levels, i.tlp)]),
              -- The other ids it is known by: the sources' ids beside the served one, and ours.
              'x_cti_stix_ids', case when i.origin_stix_id is not null then (
                select jsonb_agg(k.id order by k.id)
                  from (select a.stix_id as id from public.indicator_stix_ids a where a.indicator_id = i.id
                        union select i.stix_id) k
                 where k.id <> i.origin_stix_id) end
            )) end as object
       from public.indicators i
      where (i.updated_at, coalesce(i.origin_stix_id, i.stix_id)) > (_after_d, _after_i)
        and (_wanted is null or 'indicator' = any (_wanted))
        and (_c.tlp_levels is null or i.tlp = any (_c.tlp_levels))
        and (_max_tlp is null or i.tlp <= _max_tlp)
        and (_ids is null or i.stix_id = any (_ids)
             or i.id = any (array(select a.indicator_id from public.indicator_stix_ids a where a.stix_id = any (_ids))))
        and (_versions is null or greatest(i.updated_at, i.created_at) = any (_versions))
        and (_c.source_ids is null or exists (
          select 1 from public.indicator_sources s where s.indicator_id = i.id and s.source_id = any (_c.source_ids)))
      order by i.updated_at, coalesce(i.origin_stix_id, i.stix_id)
      limit _n)
    union all
    (select o.stix_id collate "C", o.type, '2.1',
            coalesce(o.stix ->> 'modified', o.stix ->> 'created', to_char(o.updated_at at time zone 'UTC', _ts)), o.updated_at,
            case when _with_objects then o.stix || '{"spec_version": "2.1"}'::jsonb
              || case when o.type = 'malware' and not (o.stix ? 'is_family') then '{"is_family": true}'::jsonb else '{}'::jsonb end
              || case when o.type = 'marking-definition' then '{}'::jsonb else jsonb_build_object('object_marking_refs',
                   case when coalesce(jsonb_typeof(o.stix -> 'object_marking_refs'), '') <> 'array' then jsonb_build_array(_marks[array_position(_levels, o.tlp)])
                        when o.stix -> 'object_marking_refs' ? _marks[array_position(_levels, o.tlp)] then o.stix -> 'object_marking_refs'
                        else (o.stix -> 'object_marking_refs') || jsonb_build_array(_marks[array_position(_levels, o.tlp)]) end) end
            end
       from public.intel_objects o
      where (o.updated_at, o.stix_id collate "C") > (_after_d, _after_i)
        and (_wanted is null or o.type = any (_wanted))
        and (_c.tlp_levels is null or o.tlp = any (_c.tlp_levels))
        and (_max_tlp is null or o.tlp <= _max_tlp)
        and (_ids is null or o.stix_id = any (_ids))
        and (_versions is null or coalesce(o.modified, o.created) = any (_versions))
        and (_c.source_ids is null or o.source_ids && _c.source_ids)
        -- The TLP definitions are served once, below, whoever imported a copy.
        and not (o.type = 'marking-definition' and o.stix_id = any (_marks))
      order by o.updated_at, o.stix_id collate "C"
      limit _n)
    union all
    (select r.stix_id collate "C", 'relationship', '2.1',
            coalesce(r.stix ->> 'modified', to_char(coalesce(r.modified, r.created, r.updated_at) at time zone 'UTC', _ts)), r.updated_at,
            case when _with_objects then (r.stix - 'spec_version') || jsonb_strip_nulls(jsonb_build_object(
              'type', 'relationship',
              'spec_version', '2.1',
              'id', r.stix_id,
              'created', coalesce(r.stix ->> 'created', to_char(coalesce(r.created, r.created_at) at time zone 'UTC', _ts)),
              'modified', coalesce(r.stix ->> 'modified', to_char(coalesce(r.modified, r.created, r.updated_at) at time zone 'UTC', _ts)),
              'relationship_type', r.relationship_type,
              'source_ref', ends.source_ref,
              'target_ref', ends.target_ref,
              'description', r.description,
              'start_time', to_char(r.start_time at time zone 'UTC', _ts),
              'stop_time', to_char(r.stop_time at time zone 'UTC', _ts),
              'revoked', case when r.revoked then true end,
              'confidence', r.confidence,
              'object_marking_refs',
                case when coalesce(jsonb_typeof(r.stix -> 'object_marking_refs'), '') <> 'array' then jsonb_build_array(_marks[array_position(_levels, r.tlp)])
                     when r.stix -> 'object_marking_refs' ? _marks[array_position(_levels, r.tlp)] then r.stix -> 'object_marking_refs'
                     else (r.stix -> 'object_marking_refs') || jsonb_build_array(_marks[array_position(_levels, r.tlp)]) end
            )) end
       from public.relationships r
       -- Each end as this collection serves it to this reader: an indicator by any id it arrived
       -- with or by ours, under its served id; any other object by its id. Null when absent.
       cross join lateral (
         select
           case when starts_with(r.source_ref, 'indicator--') then (
             select coalesce(i.origin_stix_id, i.stix_id)::text from public.indicators i
              where i.id = coalesce(
                      (select a.indicator_id from public.indicator_stix_ids a where a.stix_id = r.source_ref collate "C"),
                      (select g.id from public.indicators g where g.stix_id = r.source_ref collate "C"))
                and _with_indicators
                and (_c.tlp_levels is null or i.tlp = any (_c.tlp_levels))
                and (_max_tlp is null or i.tlp <= _max_tlp)
                and (_c.source_ids is null or exists (
                  select 1 from public.indicator_sources s where s.indicator_id = i.id and s.source_id = any (_c.source_ids))))
           else (
             select o.stix_id from public.intel_objects o
              where o.stix_id = r.source_ref
                and (_c.object_types is null or o.type = any (_c.object_types))
                and (_c.tlp_levels is null or o.tlp = any (_c.tlp_levels))
                and (_max_tlp is null or o.tlp <= _max_tlp)
                and (_c.source_ids is null or o.source_ids && _c.source_ids)
                and not (o.type = 'marking-definition' and o.stix_id = any (_marks)))
           end as source_ref,
           case when starts_with(r.target_ref, 'indicator--') then (
             select coalesce(i.origin_stix_id, i.stix_id)::text from public.indicators i
              where i.id = coalesce(
                      (select a.indicator_id from public.indicator_stix_ids a where a.stix_id = r.target_ref collate "C"),
                      (select g.id from public.indicators g where g.stix_id = r.target_ref collate "C"))
                and _with_indicators
                and (_c.tlp_levels is null or i.tlp = any (_c.tlp_levels))
                and (_max_tlp is null or i.tlp <= _max_tlp)
                and (_c.source_ids is null or exists (
                  select 1 from public.indicator_sources s where s.indicator_id = i.id and s.source_id = any (_c.source_ids))))
           else (
             select o.stix_id from public.intel_objects o
              where o.stix_id = r.target_ref
                and (_c.object_types is null or o.type = any (_c.object_types))
                and (_c.tlp_levels is null or o.tlp = any (_c.tlp_levels))
                and (_max_tlp is null or o.tlp <= _max_tlp)
                and (_c.source_ids is null or o.source_ids && _c.source_ids)
                and not (o.type = 'marking-definition' and o.stix_id = any (_marks)))
           end as target_ref
       ) ends
      where (r.updated_at, r.stix_id collate "C") > (_after_d, _after_i)
        and (_wanted is null or 'relationship' = any (_wanted))
        and (_c.tlp_levels is null or r.tlp = any (_c.tlp_levels))
        and (_max_tlp is null or r.tlp <= _max_tlp)
        and (_ids is null or r.stix_id = any (_ids))
        and (_versions is null or coalesce(r.modified, r.created) = any (_versions))
        and (_c.source_ids is null or r.source_ids && _c.source_ids)
        and ends.source_ref is not null and ends.target_ref is not null
      order by r.updated_at, r.stix_id collate "C"
      limit _n)
    union all
    (select m.ref collate "C", 'marking-definition', '2.1', '2022-10-01T00:00:00.000Z',
            '2022-10-01T00:00:00Z'::timestamptz, case when _with_objects then private.tlp_marking_definition(m.level) end
       from unnest(_levels, _marks) m(level, ref)
      where ('2022-10-01T00:00:00Z'::timestamptz, m.ref collate "C") > (_after_d, _after_i)
        and (_wanted is null or 'marking-definition' = any (_wanted))
        and (_ids is null or m.ref = any (_ids))
        and (_versions is null or '2022-10-01T00:00:00Z'::timestamptz = any (_versions)))
  ) p
  order by p.date_added, p.id collate "C"
  limit _n;
end
$$;
comment on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean, public.tlp_level) is
  'A page of a TAXII collection as the caller may read it (RLS): STIX 2.1 objects after the (date_added, id) cursor, filtered by id, type, version and a TLP ceiling; indicators under the first STIX id they arrived with, relationships only when both ends are in the collection, refs mapped to served ids.';
revoke all on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean, public.tlp_level) from public, anon;
grant execute on function public.taxii_objects(uuid, timestamptz, text, integer, text[], text[], timestamptz[], boolean, public.tlp_level) to authenticated, service_role;
