-- Security alerts that analysts triage. Analysts read everything and change only status and
-- assignment (column grants); admins with MFA delete; the service role (importers, functions) inserts.

create type public.alert_severity as enum ('low', 'medium', 'high', 'critical');
create type public.alert_status as enum ('new', 'acknowledged', 'investigating', 'resolved', 'dismissed');
comment on type public.alert_severity is 'Alert severity, lowest to highest.';
comment on type public.alert_status is 'Triage workflow: new, acknowledged, investigating, then resolved or dismissed.';

create table public.enhanced_security_alerts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 300),
  description text not null default '' check (char_length(description) <= 10000),
  severity public.alert_severity not null default 'medium',
  status public.alert_status not null default 'new',
  category text not null default 'general' check (char_length(category) between 1 and 100),
  source text not null default 'platform' check (char_length(source) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  resolved_at timestamptz,
  assigned_to uuid references auth.users (id) on delete set null,
  metadata jsonb not null default '{}'::jsonb
    check (jsonb_typeof(metadata) = 'object' and pg_column_size(metadata) <= 65536)
);
comment on table public.enhanced_security_alerts is 'Security alerts for triage; new ones are counted in the sidebar badge.';
comment on column public.enhanced_security_alerts.id is 'Alert id.';
comment on column public.enhanced_security_alerts.title is 'Short title (1-300 characters), rendered as text only.';
comment on column public.enhanced_security_alerts.description is 'Details (up to 10,000 characters), hostile content rendered inert.';
comment on column public.enhanced_security_alerts.severity is 'low, medium, high or critical.';
comment on column public.enhanced_security_alerts.status is 'Triage state; analysts may change it.';
comment on column public.enhanced_security_alerts.category is 'Kind of alert (e.g. ioc_match, kev_exposure).';
comment on column public.enhanced_security_alerts.source is 'What raised the alert (importer, hunt, sensor).';
comment on column public.enhanced_security_alerts.created_at is 'When the alert was raised; never changed by clients.';
comment on column public.enhanced_security_alerts.updated_at is 'Last change, kept by a trigger.';
comment on column public.enhanced_security_alerts.resolved_at is 'When it was resolved or dismissed, kept by a trigger.';
comment on column public.enhanced_security_alerts.assigned_to is 'Analyst working on it.';
comment on column public.enhanced_security_alerts.metadata is 'Structured context (indicator, CVE, sighting ids), at most 64 KB.';

-- The badge's exact count of new alerts in the last 24 h is an index-only scan of this index.
create index enhanced_security_alerts_new_created_at_idx on public.enhanced_security_alerts (created_at) where status = 'new';
create index enhanced_security_alerts_status_created_at_idx on public.enhanced_security_alerts (status, created_at desc);
create index enhanced_security_alerts_created_at_idx on public.enhanced_security_alerts (created_at desc);
create index enhanced_security_alerts_assigned_to_idx on public.enhanced_security_alerts (assigned_to);

create function private.maintain_alert_timestamps() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    if new.status is distinct from old.status then
      new.resolved_at := case when new.status in ('resolved', 'dismissed') then now() else null end;
    end if;
  elsif new.status in ('resolved', 'dismissed') then
    new.resolved_at := coalesce(new.resolved_at, now());
  end if;
  return new;
end
$$;
comment on function private.maintain_alert_timestamps() is 'Trigger: keeps updated_at and resolved_at, and created_at immutable.';
revoke all on function private.maintain_alert_timestamps() from public, anon, authenticated;

create trigger enhanced_security_alerts_timestamps before insert or update on public.enhanced_security_alerts
  for each row execute function private.maintain_alert_timestamps();

alter table public.enhanced_security_alerts enable row level security;
grant select, delete on public.enhanced_security_alerts to authenticated;
grant update (status, assigned_to) on public.enhanced_security_alerts to authenticated;
grant all on public.enhanced_security_alerts to service_role;

create policy "Signed-in users read alerts" on public.enhanced_security_alerts
  for select to authenticated using (true);
create policy "Signed-in users triage alerts" on public.enhanced_security_alerts
  for update to authenticated using ((select auth.uid()) is not null) with check ((select auth.uid()) is not null);
create policy "Admins with MFA delete alerts" on public.enhanced_security_alerts
  for delete to authenticated using ((select private.admin_mfa_verified()));

alter publication supabase_realtime add table public.enhanced_security_alerts;
