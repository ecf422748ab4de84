-- STIX relationships (SROs) between any two objects of the knowledge base, indicators and CVEs
-- included, by STIX id. Refs are not foreign keys: STIX allows a relationship to arrive before,
-- or without, the objects it joins.

create table public.relationships (
  stix_id text primary key check (stix_id ~ '^relationship--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  relationship_type text not null check (relationship_type ~ '^[a-z0-9-]{1,64}$'),
  source_ref text not null check (char_length(source_ref) <= 300),
  target_ref text not null check (char_length(target_ref) <= 300),
  description text check (char_length(description) <= 100000),
  created timestamptz,
  modified timestamptz,
  start_time timestamptz,
  stop_time timestamptz,
  revoked boolean not null default false,
  confidence smallint check (confidence between 0 and 100),
  tlp public.tlp_level not null default 'clear',
  stix jsonb not null check (jsonb_typeof(stix) = 'object' and pg_column_size(stix) <= 1048576),
  source_ids uuid[] not null default '{}',
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.relationships is 'STIX relationships (uses, indicates, targets, attributed-to, mitigates, subtechnique-of, …) by STIX id.';
comment on column public.relationships.stix_id is 'STIX id of the relationship.';
comment on column public.relationships.relationship_type is 'STIX relationship type (uses, indicates, mitigates, subtechnique-of, …).';
comment on column public.relationships.source_ref is 'STIX id of the source object.';
comment on column public.relationships.target_ref is 'STIX id of the target object.';
comment on column public.relationships.description is 'Description (ATT&CK procedure examples), rendered as text only.';
comment on column public.relationships.created is 'STIX created.';
comment on column public.relationships.modified is 'STIX modified; a re-import applies only when newer.';
comment on column public.relationships.start_time is 'STIX start_time.';
comment on column public.relationships.stop_time is 'STIX stop_time.';
comment on column public.relationships.revoked is 'STIX revoked.';
comment on column public.relationships.confidence is 'STIX confidence 0-100.';
comment on column public.relationships.tlp is 'TLP marking.';
comment on column public.relationships.stix is 'The relationship as received.';
comment on column public.relationships.source_ids is 'Sources that delivered it.';
comment on column public.relationships.created_by is 'Analyst who added it by hand; null when imported.';
comment on column public.relationships.created_at is 'When it entered the knowledge base.';
comment on column public.relationships.updated_at is 'Last change.';

create index relationships_source_ref_type_idx on public.relationships (source_ref, relationship_type);
create index relationships_target_ref_type_idx on public.relationships (target_ref, relationship_type);
-- Only analysts' links have an author; the millions importers derive stay out of this index.
create index relationships_created_by_idx on public.relationships (created_by) where created_by is not null;

create trigger relationships_touch_updated_at before update on public.relationships
  for each row execute function private.touch_updated_at();

alter table public.relationships enable row level security;
grant select on public.relationships to authenticated;
grant insert (stix_id, relationship_type, source_ref, target_ref, description, created, modified, start_time, stop_time, confidence, tlp, stix),
  delete on public.relationships to authenticated;
grant all on public.relationships to service_role;

create policy "Analysts read relationships up to their TLP" on public.relationships
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));
create policy "Analysts add relationships as themselves" on public.relationships
  for insert to authenticated
  with check (created_by = (select auth.uid()) and (tlp <> 'red' or (select private.red_readable_by_caller())));
create policy "Admins with MFA remove relationships" on public.relationships
  for delete to authenticated using ((select private.admin_mfa_verified()));
