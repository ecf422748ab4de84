-- Browser performance reports sent by the app (through the performance-metrics edge function,
-- which writes with the service role). Admins with MFA read them; nobody else.

create table public.performance_reports (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  url text not null check (char_length(url) <= 2048),
  user_agent text not null default '' check (char_length(user_agent) <= 512),
  metrics jsonb not null check (jsonb_typeof(metrics) = 'object' and pg_column_size(metrics) <= 16384),
  critical boolean not null default false,
  reported_at timestamptz not null,
  received_at timestamptz not null default now()
);
comment on table public.performance_reports is 'Client performance samples that crossed the spec''s thresholds.';
comment on column public.performance_reports.user_id is 'The signed-in user who sent it, if any.';
comment on column public.performance_reports.url is 'Page URL as reported (stored raw, rendered as text).';
comment on column public.performance_reports.user_agent is 'Browser user agent as reported.';
comment on column public.performance_reports.metrics is 'domContentLoaded, loadComplete, memoryUsage, slowResources, timestamp.';
comment on column public.performance_reports.critical is 'DOM content over 5 s, load over 10 s, or more than 5 slow resources.';
comment on column public.performance_reports.reported_at is 'Client timestamp of the sample.';
comment on column public.performance_reports.received_at is 'Server time of receipt.';
create index performance_reports_received_at_idx on public.performance_reports (received_at desc);
create index performance_reports_user_id_idx on public.performance_reports (user_id);

alter table public.performance_reports enable row level security;
grant select on public.performance_reports to authenticated;
grant select, insert on public.performance_reports to service_role;
create policy "Admins with MFA read performance reports" on public.performance_reports
  for select to authenticated using ((select private.admin_mfa_verified()));
