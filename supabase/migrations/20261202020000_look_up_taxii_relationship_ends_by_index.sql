-- TAXII pages deep in the relationships took 8–28 s each on the demo dataset (TAXII load smoke: p95
-- 4.7 s, p99 24 s). An indicator end was looked up as `i.id = coalesce((subquery), (subquery))`;
-- under row-level security a condition holding a subquery is not proven leakproof, so Postgres may
-- not use it as an index condition ahead of the policy: every end was a sequential scan of the
-- indicators, 60k rows at 0.1 s per relationship, two per relationship. The id is now computed in
-- its own (un-flattened) subquery and joined on, a plain `id = id` the index serves.
-- Otherwise the function is unchanged (20261201090000, JIT off from 20261201170000).

create or replace function public.taxii_objects(
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
language plpgsql stable security invoker set search_path = '' set jit = off as $$
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
             select coalesce(i.origin_stix_id, i.stix_id)::text
               from (select coalesce(
                       (select a.indicator_id from public.indicator_stix_ids a where a.stix_id = r.source_ref collate "C"),
                       (select g.id from public.indicators g where g.stix_id = r.source_ref collate "C")) as id
                     offset 0) k
               join public.indicators i on i.id = k.id
              where _with_indicators
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
             select coalesce(i.origin_stix_id, i.stix_id)::text
               from (select coalesce(
                       (select a.indicator_id from public.indicator_stix_ids a where a.stix_id = r.target_ref collate "C"),
                       (select g.id from public.indicators g where g.stix_id = r.target_ref collate "C")) as id
                     offset 0) k
               join public.indicators i on i.id = k.id
              where _with_indicators
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
