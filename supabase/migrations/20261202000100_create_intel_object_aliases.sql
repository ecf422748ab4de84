-- Merged objects stay resolvable (issue 29 §2): when merge_intel_objects folds an object into
-- another, its STIX id points at the survivor here. Every writer consults it in the database, so
-- no importer can forget to: a later import of the merged id lands on the survivor (its names
-- become aliases there, its source is added), and a relationship or sighting that names the merged
-- id is stored against the survivor.

create table public.intel_object_aliases (
  stix_id text primary key check (stix_id ~ '^[a-z0-9-]+--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  target_stix_id text not null references public.intel_objects (stix_id) on delete cascade,
  name text check (char_length(name) <= 1000),
  merged_by uuid references auth.users (id) on delete set null,
  merged_at timestamptz not null default now(),
  check (stix_id <> target_stix_id)
);
comment on table public.intel_object_aliases is
  'STIX ids of knowledge objects merged into another: each id resolves to the object it was merged into (imports, relationships and sightings naming it land there).';
comment on column public.intel_object_aliases.stix_id is 'The merged object''s STIX id (no longer a row of intel_objects).';
comment on column public.intel_object_aliases.target_stix_id is 'The object it was merged into.';
comment on column public.intel_object_aliases.name is 'The merged object''s name at the merge (kept as an alias of the target).';
comment on column public.intel_object_aliases.merged_by is 'Who merged it.';
comment on column public.intel_object_aliases.merged_at is 'When.';
create index intel_object_aliases_target_idx on public.intel_object_aliases (target_stix_id);

alter table public.intel_object_aliases enable row level security;
grant select on public.intel_object_aliases to authenticated;
grant all on public.intel_object_aliases to service_role;
-- Readable with the object it resolves to (the policy's subquery runs under intel_objects' RLS).
create policy "Users read the merged ids of the objects they read" on public.intel_object_aliases
  for select to authenticated
  using (exists (select 1 from public.intel_objects o where o.stix_id = target_stix_id));

create function private.resolve_stix_id(_stix_id text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select a.target_stix_id from public.intel_object_aliases a where a.stix_id = _stix_id), _stix_id)
$$;
comment on function private.resolve_stix_id(text) is 'The id an object is now known by: its merge target when it was merged, else itself.';
revoke all on function private.resolve_stix_id(text) from public, anon;
grant execute on function private.resolve_stix_id(text) to authenticated, service_role;

-- An object arriving under a merged id is folded into the survivor instead of coming back: its
-- name and aliases join the survivor's aliases and its sources the survivor's sources. The row
-- itself is not stored (the trigger returns null), so the merge holds whatever the source says.
create function private.land_merged_object() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _target text;
begin
  select a.target_stix_id into _target from public.intel_object_aliases a where a.stix_id = new.stix_id;
  if _target is null then
    return new;
  end if;
  -- A union, not an overwrite: the authoring trigger's keeping of edited fields stands aside.
  perform set_config('cti.merging', 'on', true);
  update public.intel_objects t
     set aliases = array(select distinct on (lower(x)) x
                           from unnest(t.aliases || array_prepend(new.name, new.aliases)) x
                          where x is not null and btrim(x) <> '' and lower(x) <> lower(coalesce(t.name, ''))
                          order by lower(x), x),
         source_ids = array(select distinct s from unnest(t.source_ids || new.source_ids) s)
   where t.stix_id = _target;
  perform set_config('cti.merging', '', true);
  return null;
end
$$;
comment on function private.land_merged_object() is
  'Trigger: an object written under a merged id lands on the object it was merged into (names become aliases, sources added) and is not stored again.';
revoke all on function private.land_merged_object() from public, anon, authenticated;

-- "intel_objects_0_..." fires first among the BEFORE triggers (they fire in name order).
create trigger intel_objects_0_land_merged before insert on public.intel_objects
  for each row execute function private.land_merged_object();

-- Relationship ends and what a sighting is of follow a merge.
create function private.follow_merged_refs() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'relationships' then
    new.source_ref := private.resolve_stix_id(new.source_ref);
    new.target_ref := private.resolve_stix_id(new.target_ref);
  else
    new.sighting_of_ref := private.resolve_stix_id(new.sighting_of_ref);
  end if;
  return new;
end
$$;
comment on function private.follow_merged_refs() is
  'Trigger: a relationship''s ends and a sighting''s sighting_of_ref that name a merged object name the object it was merged into.';
revoke all on function private.follow_merged_refs() from public, anon, authenticated;

-- Only ids of the merged kinds can be aliased; indicators (most relationship sources) skip the probe.
create trigger relationships_0_follow_merged before insert or update of source_ref, target_ref on public.relationships
  for each row when (not (starts_with(new.source_ref, 'indicator--') and starts_with(new.target_ref, 'indicator--')))
  execute function private.follow_merged_refs();
create trigger sightings_0_follow_merged before insert or update of sighting_of_ref on public.sightings
  for each row when (not starts_with(new.sighting_of_ref, 'indicator--'))
  execute function private.follow_merged_refs();
