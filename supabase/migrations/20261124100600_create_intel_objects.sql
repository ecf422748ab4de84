-- Knowledge objects: every STIX domain object in one table, typed columns for what pages filter
-- and search on, and the object as received in `stix` so export is lossless. Find a kind by its
-- STIX type: threat-actor, intrusion-set, malware, tool, campaign, attack-pattern (ATT&CK
-- techniques and sub-techniques), x-mitre-tactic, course-of-action, report, identity,
-- marking-definition, and custom x- types (kept, counted, never fatal).

create table public.intel_objects (
  stix_id text primary key check (stix_id ~ '^[a-z0-9-]+--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  type text not null check (type ~ '^[a-z0-9-]{1,64}$' and starts_with(stix_id, type || '--')),
  name text check (char_length(name) <= 1000),
  description text check (char_length(description) <= 200000),
  aliases text[] not null default '{}',
  external_ids text[] not null default '{}',
  created timestamptz,
  modified timestamptz,
  revoked boolean not null default false,
  deprecated boolean not null default false,
  confidence smallint check (confidence between 0 and 100),
  tlp public.tlp_level not null default 'clear',
  labels text[] not null default '{}',
  kill_chain_phases jsonb not null default '[]'::jsonb check (jsonb_typeof(kill_chain_phases) = 'array'),
  platforms text[] not null default '{}',
  spec_version text check (spec_version in ('2.0', '2.1')),
  stix jsonb not null check (jsonb_typeof(stix) = 'object' and pg_column_size(stix) <= 4194304),
  source_ids uuid[] not null default '{}',
  -- Kept by a trigger: lower-case name and aliases (exact lookup), and the text searched by
  -- trigram (name and aliases) and full text (also the description).
  lookup_names text[] not null default '{}',
  search_names text not null default '',
  search tsvector,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.intel_objects is 'STIX domain objects (actors, intrusion sets, malware, tools, campaigns, ATT&CK techniques and tactics, mitigations, reports, identities, markings, custom types).';
comment on column public.intel_objects.stix_id is 'STIX id (type--uuid).';
comment on column public.intel_objects.type is 'STIX type, e.g. intrusion-set, malware, attack-pattern, x-mitre-tactic.';
comment on column public.intel_objects.name is 'Name, rendered as text only.';
comment on column public.intel_objects.description is 'Description (Markdown in ATT&CK), rendered as text only.';
comment on column public.intel_objects.aliases is 'Aliases (STIX aliases, x_mitre_aliases, MISP synonyms).';
comment on column public.intel_objects.external_ids is 'External ids: ATT&CK ids (T1059.001, G0007, S0154, TA0001), CAPEC, MISP galaxy uuids.';
comment on column public.intel_objects.created is 'STIX created.';
comment on column public.intel_objects.modified is 'STIX modified; a re-import applies only when newer.';
comment on column public.intel_objects.revoked is 'STIX revoked.';
comment on column public.intel_objects.deprecated is 'ATT&CK x_mitre_deprecated.';
comment on column public.intel_objects.confidence is 'STIX confidence 0-100.';
comment on column public.intel_objects.tlp is 'TLP marking.';
comment on column public.intel_objects.labels is 'STIX labels.';
comment on column public.intel_objects.kill_chain_phases is 'STIX kill chain phases (ATT&CK tactics of a technique).';
comment on column public.intel_objects.platforms is 'ATT&CK platforms (x_mitre_platforms).';
comment on column public.intel_objects.spec_version is 'STIX version it was received in.';
comment on column public.intel_objects.stix is 'The object as received, custom properties included.';
comment on column public.intel_objects.source_ids is 'Sources that delivered it.';
comment on column public.intel_objects.lookup_names is 'Lower-case name and aliases, for exact lookups by name (kept by a trigger).';
comment on column public.intel_objects.search_names is 'Name and aliases as one text, for trigram search (kept by a trigger).';
comment on column public.intel_objects.search is 'Full-text vector over name, aliases, external ids and description (kept by a trigger).';
comment on column public.intel_objects.created_by is 'Analyst who added it by hand; null when imported.';
comment on column public.intel_objects.created_at is 'When it entered the knowledge base.';
comment on column public.intel_objects.updated_at is 'Last change.';

create function private.maintain_intel_object_search() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.lookup_names := array(
    select distinct lower(n) from unnest(array_prepend(new.name, new.aliases)) n where n is not null and n <> ''
  );
  new.search_names := left(concat_ws(E'\n', new.name, array_to_string(new.aliases, E'\n')), 20000);
  new.search :=
    setweight(to_tsvector('simple', coalesce(new.name, '') || ' ' || array_to_string(new.aliases, ' ') || ' ' ||
      array_to_string(new.external_ids, ' ')), 'A') ||
    setweight(to_tsvector('english', left(coalesce(new.description, ''), 20000)), 'B');
  new.updated_at := now();
  return new;
end
$$;
comment on function private.maintain_intel_object_search() is 'Trigger: keeps the lookup and search columns of intel_objects and updated_at.';
revoke all on function private.maintain_intel_object_search() from public, anon, authenticated;

create trigger intel_objects_search before insert or update on public.intel_objects
  for each row execute function private.maintain_intel_object_search();

create index intel_objects_type_name_idx on public.intel_objects (type, name);
create index intel_objects_modified_idx on public.intel_objects (modified desc nulls last);
create index intel_objects_lookup_names_idx on public.intel_objects using gin (lookup_names);
create index intel_objects_external_ids_idx on public.intel_objects using gin (external_ids);
create index intel_objects_search_idx on public.intel_objects using gin (search);
create index intel_objects_search_names_trgm_idx on public.intel_objects using gin (search_names extensions.gin_trgm_ops);
-- Only analysts' objects have an author; imported ones stay out of this index.
create index intel_objects_created_by_idx on public.intel_objects (created_by) where created_by is not null;

alter table public.intel_objects enable row level security;
grant select on public.intel_objects to authenticated;
grant insert (stix_id, type, name, description, aliases, external_ids, created, modified, confidence, tlp, labels, kill_chain_phases, platforms, spec_version, stix),
  update (name, description, aliases, external_ids, modified, revoked, confidence, tlp, labels, kill_chain_phases, platforms, stix),
  delete on public.intel_objects to authenticated;
grant all on public.intel_objects to service_role;

create policy "Analysts read knowledge objects up to their TLP" on public.intel_objects
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));
create policy "Analysts add knowledge objects as themselves" on public.intel_objects
  for insert to authenticated
  with check (created_by = (select auth.uid()) and (tlp <> 'red' or (select private.red_readable_by_caller())));
create policy "Analysts change the knowledge objects they added" on public.intel_objects
  for update to authenticated
  using (created_by = (select auth.uid()))
  with check (created_by = (select auth.uid()) and (tlp <> 'red' or (select private.red_readable_by_caller())));
create policy "Admins with MFA remove knowledge objects" on public.intel_objects
  for delete to authenticated using ((select private.admin_mfa_verified()));
