-- The demo dataset loads in the background after start-up (the importer's worker does it), so the
-- app is usable at once; this one row says how far it is, for the Dashboard and Third-Party
-- Intelligence. Written by the importers (service role or the database owner) only.

create table public.demo_dataset_load (
  id boolean primary key default true check (id),
  status text not null default 'loading' check (status in ('loading', 'loaded', 'failed')),
  steps_total smallint not null check (steps_total between 1 and 1000),
  steps_done smallint not null default 0,
  current_step text check (char_length(current_step) <= 200),
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  error text check (char_length(error) <= 4000),
  check (steps_done between 0 and steps_total),
  check ((status = 'loading') = (finished_at is null))
);
comment on table public.demo_dataset_load is 'Progress of the bundled demo dataset''s background load: one row, absent when the demo was never loaded this way.';
comment on column public.demo_dataset_load.id is 'Always true: there is one row.';
comment on column public.demo_dataset_load.status is 'loading, loaded, or failed (the worker resumes a failed or interrupted load at its next start).';
comment on column public.demo_dataset_load.steps_total is 'Steps of the load: one per bundled file, the demo domain watches, the generated telemetry.';
comment on column public.demo_dataset_load.steps_done is 'Steps finished; a resumed load starts after them.';
comment on column public.demo_dataset_load.current_step is 'What is being loaded now (null once finished).';
comment on column public.demo_dataset_load.started_at is 'When the load began.';
comment on column public.demo_dataset_load.updated_at is 'Last progress.';
comment on column public.demo_dataset_load.finished_at is 'When it was loaded or failed; null while loading.';
comment on column public.demo_dataset_load.error is 'Why it failed, in words.';

alter table public.demo_dataset_load enable row level security;
grant select on public.demo_dataset_load to authenticated;
grant all on public.demo_dataset_load to service_role;

create policy "Signed-in users read the demo dataset's progress" on public.demo_dataset_load
  for select to authenticated using (true);
