-- Provenance: what each source said about an indicator, with its own first/last seen, its own id
-- and reference. "Reported by 3 feeds" is one indicator with three rows here. Each row keeps the
-- TLP of its source, so a TLP:RED report stays hidden even when the value itself is public.

create table public.indicator_sources (
  indicator_id bigint not null references public.indicators (id) on delete cascade,
  source_id uuid not null references public.sources (id) on delete cascade,
  source_ref text check (char_length(source_ref) <= 500),
  reference text check (char_length(reference) <= 4096),
  first_seen timestamptz,
  last_seen timestamptz,
  confidence smallint check (confidence between 0 and 100),
  tlp public.tlp_level not null default 'amber',
  malware text[] not null default '{}',
  context jsonb not null default '{}'::jsonb check (jsonb_typeof(context) = 'object' and pg_column_size(context) <= 65536),
  -- Not a foreign key: runs are an append-only history, and a check per imported row costs more
  -- than it protects.
  import_run_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (indicator_id, source_id)
);
comment on table public.indicator_sources is 'Provenance of indicators: one row per (indicator, source) with that source''s own dates, id and context.';
comment on column public.indicator_sources.indicator_id is 'The indicator reported.';
comment on column public.indicator_sources.source_id is 'The source reporting it.';
comment on column public.indicator_sources.source_ref is 'The source''s own id (ThreatFox ioc id, MISP attribute uuid, STIX id).';
comment on column public.indicator_sources.reference is 'Link or citation given by the source.';
comment on column public.indicator_sources.first_seen is 'First seen according to this source.';
comment on column public.indicator_sources.last_seen is 'Last seen according to this source.';
comment on column public.indicator_sources.confidence is 'This source''s confidence 0-100.';
comment on column public.indicator_sources.tlp is 'TLP of this report.';
comment on column public.indicator_sources.malware is 'Malware families this source names for it.';
comment on column public.indicator_sources.context is 'Source-specific context (port, threat type, tags, reporter, original STIX object).';
comment on column public.indicator_sources.import_run_id is 'The import run that last changed this report.';
comment on column public.indicator_sources.created_at is 'When this source first reported it here.';
comment on column public.indicator_sources.updated_at is 'Last change.';

-- A source's reports in indicator order (its listing, the cascade when it is deleted). Both key
-- columns, so that a probe for one (indicator, source) pair is exact through either index: with
-- source_id alone the planner, unaware of a new source's rows until the next ANALYZE, chose this
-- index for the merge's probes and read every row of the source for each one.
create index indicator_sources_source_indicator_idx on public.indicator_sources (source_id, indicator_id);
create index indicator_sources_import_run_id_idx on public.indicator_sources (import_run_id);

alter table public.indicator_sources enable row level security;
grant select on public.indicator_sources to authenticated;
grant all on public.indicator_sources to service_role;

create policy "Analysts read indicator reports up to their TLP" on public.indicator_sources
  for select to authenticated using (tlp <> 'red' or (select private.red_readable_by_caller()));

create trigger indicator_sources_touch_updated_at before update on public.indicator_sources
  for each row execute function private.touch_updated_at();
