-- One row per import of a source: who, when, what happened, and the rejected records with their
-- reasons. Written by the importers (service role) only; analysts read them.

create type public.import_status as enum ('running', 'succeeded', 'failed');
comment on type public.import_status is 'An import run is running, then succeeded (committed, possibly with rejects) or failed (nothing written).';

create table public.import_runs (
  id bigint generated always as identity primary key,
  source_id uuid references public.sources (id) on delete set null,
  source_name text not null check (char_length(source_name) between 1 and 200),
  format text not null check (format ~ '^[a-z0-9-]{1,40}$'),
  input text not null default '' check (char_length(input) <= 4096),
  requested_by uuid references auth.users (id) on delete set null,
  status public.import_status not null default 'running',
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  records integer not null default 0 check (records >= 0),
  inserted integer not null default 0 check (inserted >= 0),
  updated integer not null default 0 check (updated >= 0),
  unchanged integer not null default 0 check (unchanged >= 0),
  rejected integer not null default 0 check (rejected >= 0),
  ignored integer not null default 0 check (ignored >= 0),
  counts jsonb not null default '{}'::jsonb check (jsonb_typeof(counts) = 'object' and pg_column_size(counts) <= 65536),
  rejects jsonb not null default '[]'::jsonb check (jsonb_typeof(rejects) = 'array' and pg_column_size(rejects) <= 1048576),
  error text check (char_length(error) <= 4000),
  bytes bigint check (bytes >= 0)
);
comment on table public.import_runs is 'Import runs of the ingestion pipeline with their outcome; only the service role writes.';
comment on column public.import_runs.id is 'Run id.';
comment on column public.import_runs.source_id is 'The source imported (null once the source is removed).';
comment on column public.import_runs.source_name is 'The source name at the time of the run.';
comment on column public.import_runs.format is 'Importer format used.';
comment on column public.import_runs.input is 'File, folder or URL read.';
comment on column public.import_runs.requested_by is 'User who started it from the app, null for the CLI and schedules.';
comment on column public.import_runs.status is 'running, succeeded or failed.';
comment on column public.import_runs.started_at is 'Start time.';
comment on column public.import_runs.finished_at is 'End time, null while running.';
comment on column public.import_runs.records is 'Records read from the input.';
comment on column public.import_runs.inserted is 'Records that created a row.';
comment on column public.import_runs.updated is 'Records that changed a row (newer data).';
comment on column public.import_runs.unchanged is 'Records that changed nothing (already known, or older, or repeated in the input).';
comment on column public.import_runs.rejected is 'Records refused, each with its reason in rejects.';
comment on column public.import_runs.ignored is 'Valid records that are not kept as intelligence (counted by kind in counts).';
comment on column public.import_runs.counts is 'Counts by kind and type (e.g. objects by STIX type, ignored by reason).';
comment on column public.import_runs.rejects is 'The first 1,000 rejects as [{where, reason}], rendered inert.';
comment on column public.import_runs.error is 'Why a failed run wrote nothing.';
comment on column public.import_runs.bytes is 'Bytes read from the input.';

create index import_runs_source_id_started_at_idx on public.import_runs (source_id, started_at desc);
create index import_runs_started_at_idx on public.import_runs (started_at desc);
create index import_runs_requested_by_idx on public.import_runs (requested_by);
-- Two runs of one source never interleave: the importer holds an advisory lock per source and
-- this index refuses a second running row even if that lock were bypassed.
create unique index import_runs_one_running_per_source_idx on public.import_runs (source_id) where status = 'running';

alter table public.import_runs enable row level security;
grant select on public.import_runs to authenticated;
grant all on public.import_runs to service_role;

create policy "Signed-in users read import runs" on public.import_runs
  for select to authenticated using (true);

-- Pages refresh when an import lands.
alter publication supabase_realtime add table public.import_runs;
