-- Merging duplicate knowledge objects by hand (issue 29 §2). merge_intel_objects(_into, _from[])
-- folds objects of the same type into one: their relationships (indicators' `indicates` links
-- included), sightings and the reports that cover them move to the target (a link the target
-- already has is not doubled), their names and aliases become the target's aliases, their ids
-- resolve to the target from then on (intel_object_aliases: imports, relationships and sightings
-- naming them land there), and the merge is audited and written to the target's history. The
-- preview answers what the merge would do, with the same refusals, before anything changes.
--
-- Unlike the importer's `merged_into` (both rows kept, each as its source delivered it), a merge by
-- hand removes the merged rows: the analyst decided they are one object.

-- The checks both RPCs make. What the caller cannot read reads as absent: the predicate is spelled
-- out, as the merge runs as the owner (RLS does not apply there).
create function private.check_merge(_into text, _from text[]) returns public.intel_objects
language plpgsql stable security invoker set search_path = '' as $$
declare
  _target public.intel_objects;
  _other record;
  _missing text;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to merge objects.' using errcode = '42501';
  end if;
  if _into is null or btrim(_into) = '' then
    raise exception 'Name the object to merge into.' using errcode = '22023';
  end if;
  if _from is null or cardinality(_from) = 0 or array_position(_from, null) is not null then
    raise exception 'Name at least one object to merge into it.' using errcode = '22023';
  end if;
  if cardinality(_from) > 100 then
    raise exception 'Merge at most 100 objects at a time.' using errcode = '22023';
  end if;
  if _into = any (_from) then
    raise exception 'An object cannot be merged into itself.' using errcode = '22023';
  end if;
  select * into _target from public.intel_objects o
   where o.stix_id = _into and private.tlp_readable(o.tlp, o.red_audience, o.source_ids);
  if not found then
    raise exception 'No object you can read has the id %.', left(_into, 300) using errcode = '22023';
  end if;
  if _target.type not in ('intrusion-set', 'threat-actor', 'malware', 'tool', 'campaign', 'report') then
    raise exception 'Merging applies to intrusion sets, threat actors, malware, tools, campaigns and reports; not "%".',
      _target.type using errcode = '22023';
  end if;
  select string_agg(f, ', ') into _missing from unnest(_from) f
   where not exists (select 1 from public.intel_objects o
                      where o.stix_id = f and private.tlp_readable(o.tlp, o.red_audience, o.source_ids));
  if _missing is not null then
    raise exception 'No object you can read has the id %.', left(_missing, 300) using errcode = '22023';
  end if;
  for _other in select o.stix_id, o.type, o.name, o.tlp from public.intel_objects o where o.stix_id = any (_from) loop
    if _other.type <> _target.type then
      raise exception 'Only objects of the same type merge: "%" is a %, "%" a %.',
        left(coalesce(_other.name, _other.stix_id), 200), _other.type,
        left(coalesce(_target.name, _target.stix_id), 200), _target.type using errcode = '22023';
    end if;
    -- The merged names become the target's aliases: they must not show below their own TLP.
    if _other.tlp > _target.tlp then
      raise exception 'Merging would show the TLP:% "%" at TLP:%: merge into the more restricted object, or raise the target''s TLP first.',
        upper(_other.tlp::text), left(coalesce(_other.name, _other.stix_id), 200), upper(_target.tlp::text)
        using errcode = '22023';
    end if;
  end loop;
  return _target;
end
$$;
comment on function private.check_merge(text, text[]) is
  'The refusals of a merge (signed in, objects named and readable, not into itself, same type, no name shown below its TLP); returns the target.';
revoke all on function private.check_merge(text, text[]) from public, anon;
grant execute on function private.check_merge(text, text[]) to authenticated;

-- The target's aliases after a merge: its own, and each merged object's name and aliases.
create function private.merged_aliases(_target public.intel_objects, _from text[]) returns text[]
language sql stable security invoker set search_path = '' as $$
  select coalesce(array_agg(a order by lower(a), a), '{}') from (
    select distinct on (lower(btrim(x))) btrim(x) as a
      from unnest(_target.aliases || array(
             select y from public.intel_objects o, unnest(array_prepend(o.name, o.aliases)) y where o.stix_id = any (_from))) x
     where x is not null and btrim(x) <> '' and lower(btrim(x)) <> lower(coalesce(_target.name, ''))
     order by lower(btrim(x)), btrim(x)) d
$$;
comment on function private.merged_aliases(public.intel_objects, text[]) is 'The target''s aliases after merging these objects into it.';
revoke all on function private.merged_aliases(public.intel_objects, text[]) from public, anon;
grant execute on function private.merged_aliases(public.intel_objects, text[]) to authenticated;

create function public.merge_intel_objects_preview(_into text, _from text[]) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  _target public.intel_objects := private.check_merge(_into, _from);
begin
  -- Counts are of what the caller reads (RLS): the merge moves hidden links too, and never says so.
  return jsonb_build_object(
    'into', jsonb_build_object('stix_id', _target.stix_id, 'type', _target.type, 'name', _target.name, 'tlp', _target.tlp),
    'from', (select jsonb_agg(jsonb_build_object('stix_id', o.stix_id, 'name', o.name, 'aliases', o.aliases, 'tlp', o.tlp)
                              order by o.name) from public.intel_objects o where o.stix_id = any (_from)),
    'aliases', to_jsonb(private.merged_aliases(_target, _from)),
    'relationships', (select count(*) from public.relationships r
                       where (r.source_ref = any (_from) or r.target_ref = any (_from))
                         and not starts_with(r.source_ref, 'indicator--')),
    'indicators', (select count(*) from public.relationships r
                    where r.target_ref = any (_from) and starts_with(r.source_ref, 'indicator--')),
    'sightings', (select count(*) from public.sightings s where s.sighting_of_ref = any (_from)),
    'reports', (select count(*) from public.intel_objects o where o.type = 'report' and o.object_refs && _from));
end
$$;
comment on function public.merge_intel_objects_preview(text, text[]) is
  'What merge_intel_objects would do, as the caller can see it: the target, the objects merged, the target''s aliases after, and how many relationships, indicators, sightings and reports move; the same refusals as the merge.';
revoke all on function public.merge_intel_objects_preview(text, text[]) from public, anon;
grant execute on function public.merge_intel_objects_preview(text, text[]) to authenticated;

create function public.merge_intel_objects(_into text, _from text[]) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _target public.intel_objects := private.check_merge(_into, _from);
  _merged jsonb;
  _dropped integer;
  _moved integer;
  _sightings integer;
begin
  -- The checks above ran as the caller; lock the rows so nothing changes under the merge.
  perform 1 from public.intel_objects o where o.stix_id = _into or o.stix_id = any (_from) for update;
  select jsonb_agg(jsonb_build_object('stix_id', o.stix_id, 'name', o.name) order by o.name) into _merged
    from public.intel_objects o where o.stix_id = any (_from);

  -- The relationship triggers let the merge move ends that analysts may not.
  perform set_config('cti.merging', 'on', true);

  -- A link that would double one the target has (or join the target to itself) goes; its sources
  -- are kept on the surviving link.
  with moved as (
    select r.stix_id, r.relationship_type,
           case when r.source_ref = any (_from) then _into else r.source_ref end as s,
           case when r.target_ref = any (_from) then _into else r.target_ref end as t,
           r.source_ids
      from public.relationships r where r.source_ref = any (_from) or r.target_ref = any (_from)
  ), ranked as (
    select m.*, row_number() over (partition by m.relationship_type, m.s, m.t order by m.stix_id) as n,
           exists (select 1 from public.relationships k
                    where k.relationship_type = m.relationship_type and k.source_ref = m.s and k.target_ref = m.t) as kept
      from moved m
  ), gone as (
    delete from public.relationships r using ranked x
     where r.stix_id = x.stix_id and (x.kept or x.n > 1 or x.s = x.t)
    returning r.stix_id
  )
  select count(*) into _dropped from gone;

  update public.relationships r
     set source_ref = case when r.source_ref = any (_from) then _into else r.source_ref end,
         target_ref = case when r.target_ref = any (_from) then _into else r.target_ref end
   where r.source_ref = any (_from) or r.target_ref = any (_from);
  get diagnostics _moved = row_count;

  -- The dashboard's indicator counts follow the moved `indicates` links (an update is not counted
  -- by its triggers; the dropped duplicates were, on delete).
  insert into public.malware_indicator_counts as c (stix_id, indicator_count)
  select _into, coalesce(sum(m.indicator_count), 0) from public.malware_indicator_counts m where m.stix_id = any (_from)
  on conflict (stix_id) do update set indicator_count = c.indicator_count + excluded.indicator_count;
  delete from public.malware_indicator_counts m where m.stix_id = any (_from);

  update public.sightings s set sighting_of_ref = _into where s.sighting_of_ref = any (_from);
  get diagnostics _sightings = row_count;

  update public.intel_objects o
     set object_refs = array(select distinct case when x = any (_from) then _into else x end from unnest(o.object_refs) x)
   where o.type = 'report' and o.object_refs && _from;

  -- Earlier merges and the importer's duplicates that pointed at a merged object point at the target.
  update public.intel_object_aliases a set target_stix_id = _into where a.target_stix_id = any (_from);
  update public.intel_objects o set merged_into = _into where o.merged_into = any (_from);
  update public.intel_objects o set merged_into = null where o.stix_id = _into and o.merged_into is not null;

  update public.intel_objects o
     set aliases = private.merged_aliases(_target, _from),
         external_ids = array(select distinct x from unnest(o.external_ids || array(
                          select unnest(d.external_ids) from public.intel_objects d where d.stix_id = any (_from))) x),
         source_ids = array(select distinct x from unnest(o.source_ids || array(
                        select unnest(d.source_ids) from public.intel_objects d where d.stix_id = any (_from))) x)
   where o.stix_id = _into;
  -- The merged names are the analyst's: a later import of the target keeps them.
  update public.intel_objects o
     set stix = private.stix_of_intel_object(o),
         edited_fields = array(select distinct x from unnest(o.edited_fields || array['aliases']) x order by x)
   where o.stix_id = _into;

  insert into public.intel_object_aliases (stix_id, target_stix_id, name, merged_by)
  select o.stix_id, _into, o.name, (select auth.uid()) from public.intel_objects o where o.stix_id = any (_from);
  delete from public.intel_objects o where o.stix_id = any (_from);

  insert into public.object_history (object_kind, object_id, action, field, old_value, new_value, changed_by)
  values ('object', _into, 'merged', null, null, jsonb_build_object('merged', _merged), (select auth.uid()));
  perform private.record_audit('intel_object.merged', 'intel_object', _into,
    jsonb_build_object('merged', _merged, 'relationships_moved', _moved, 'duplicates_dropped', _dropped,
                       'sightings_moved', _sightings));
  perform set_config('cti.merging', '', true);

  return jsonb_build_object('into', _into, 'merged', _merged, 'relationships_moved', _moved,
                            'duplicates_dropped', _dropped, 'sightings_moved', _sightings);
end
$$;
comment on function public.merge_intel_objects(text, text[]) is
  'Merges knowledge objects of one type into another (STIX ids): relationships, indicators'' links, sightings and covering reports move to the target without doubles, the merged names become its aliases, the merged ids resolve to it from then on (intel_object_aliases), and the merge is audited and in its history. Refuses another type, the target itself and objects the caller cannot read, in plain words.';
revoke all on function public.merge_intel_objects(text, text[]) from public, anon;
grant execute on function public.merge_intel_objects(text, text[]) to authenticated;
