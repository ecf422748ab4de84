-- STIX sightings: something (an indicator, malware, an attack pattern) was seen, where, when and
-- how often. Imported from STIX now; the matching engine of a later issue writes them from telemetry.

create table public.sightings (
  stix_id text primary key check (stix_id ~ '^sighting--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  sighting_of_ref text not null check (char_length(sighting_of_ref) <= 300),
  observed_data_refs text[] not null default '{}',
  where_sighted_refs text[] not null default '{}',
  first_seen timestamptz,
  last_seen timestamptz,
  count integer check (count between 0 and 999999999),
  summary boolean not null default false,
  description text check (char_length(description) <= 100000),
  created timestamptz,
  modified timestamptz,
  confidence smallint check (confidence between 0 and 100),
  tlp public.tlp_level not null default 'amber',
  stix jsonb not null check (jsonb_typeof(stix) = 'object' and pg_column_size(stix) <= 1048576),
  source_ids uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.sightings is 'STIX sightings: what was seen, where, when and how often.';
comment on column public.sightings.stix_id is 'STIX id of the sighting.';
comment on column public.sightings.sighting_of_ref is 'STIX id of what was sighted (indicator, malware, …).';
comment on column public.sightings.observed_data_refs is 'STIX ids of the observed data.';
comment on column public.sightings.where_sighted_refs is 'STIX ids of the identities or locations where it was seen.';
comment on column public.sightings.first_seen is 'First time seen.';
comment on column public.sightings.last_seen is 'Last time seen.';
comment on column public.sightings.count is 'How many times.';
comment on column public.sightings.summary is 'STIX summary flag.';
comment on column public.sightings.description is 'Description, rendered as text only.';
comment on column public.sightings.created is 'STIX created.';
comment on column public.sightings.modified is 'STIX modified; a re-import applies only when newer.';
comment on column public.sightings.confidence is 'STIX confidence 0-100.';
comment on column public.sightings.tlp is 'TLP marking.';
comment on column public.sightings.stix is 'The sighting as received.';
comment on column public.sightings.source_ids is 'Sources that delivered it.';
comment on column public.sightings.created_at is 'When it entered the knowledge base.';
comment on column public.sightings.updated_at is 'Last change.';

create index sightings_sighting_of_ref_idx on public.sightings (sighting_of_ref);
create index sightings_last_seen_idx on public.sightings (last_seen desc nulls last);

create trigger sightings_touch_updated_at before update on public.sightings
  for each row execute function private.touch_updated_at();

alter table public.sightings enable row level security;
grant select on public.sightings to authenticated;
grant all on public.sightings to service_role;

create policy "Analysts read sightings up to their TLP" on public.sightings
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));
