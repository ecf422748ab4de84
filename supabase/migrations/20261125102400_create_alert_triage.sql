-- Alert triage: the workflow new → acknowledged → investigating → resolved | dismissed enforced in the
-- database (a dismissal needs a reason, a closed alert reopens as investigating), the context behind an
-- alert (indicator, CVE, sighting), who may be assigned, and a history of every change.

alter table public.enhanced_security_alerts
  add column dismissal_reason text check (char_length(dismissal_reason) between 1 and 500),
  add column acknowledged_at timestamptz,
  add column indicator_id bigint references public.indicators (id) on delete set null,
  add column cve_id text references public.vulnerabilities (cve_id) on delete set null,
  add column sighting_id text references public.sightings (stix_id) on delete set null;
comment on column public.enhanced_security_alerts.dismissal_reason is 'Why it was dismissed (1-500 characters); required while dismissed, cleared on reopening.';
comment on column public.enhanced_security_alerts.acknowledged_at is 'When it first left new (time to acknowledge); set once by a trigger.';
comment on column public.enhanced_security_alerts.indicator_id is 'The indicator behind the alert, if any.';
comment on column public.enhanced_security_alerts.cve_id is 'The vulnerability behind the alert, if any.';
comment on column public.enhanced_security_alerts.sighting_id is 'The sighting behind the alert, if any.';
create index enhanced_security_alerts_indicator_id_idx on public.enhanced_security_alerts (indicator_id) where indicator_id is not null;
create index enhanced_security_alerts_cve_id_idx on public.enhanced_security_alerts (cve_id) where cve_id is not null;
create index enhanced_security_alerts_sighting_id_idx on public.enhanced_security_alerts (sighting_id) where sighting_id is not null;
create index enhanced_security_alerts_open_severity_idx on public.enhanced_security_alerts (severity, created_at desc)
  where status in ('new', 'acknowledged', 'investigating');

grant update (dismissal_reason) on public.enhanced_security_alerts to authenticated;

-- Analysts read only their own profile (RLS), so whether an assignee exists is asked as the owner.
create function private.has_profile(_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = _user_id)
$$;
comment on function private.has_profile(uuid) is 'Whether the user has a profile (an account that can be assigned work).';
revoke all on function private.has_profile(uuid) from public, anon;
grant execute on function private.has_profile(uuid) to authenticated, service_role;

create function private.enforce_alert_workflow() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    -- What raises alerts (importers, sensors) may record them already closed, with or without a reason.
    if new.status <> 'new' then new.acknowledged_at := coalesce(new.acknowledged_at, now()); end if;
    return new;
  end if;
  new.acknowledged_at := old.acknowledged_at;
  if new.status is distinct from old.status then
    if not (
      (old.status = 'new' and new.status in ('acknowledged', 'investigating', 'resolved', 'dismissed')) or
      (old.status = 'acknowledged' and new.status in ('investigating', 'resolved', 'dismissed')) or
      (old.status = 'investigating' and new.status in ('resolved', 'dismissed')) or
      (old.status in ('resolved', 'dismissed') and new.status = 'investigating')
    ) then
      raise exception 'An alert cannot go from % to %.', old.status, new.status
        using errcode = '23514', hint = 'new → acknowledged → investigating → resolved or dismissed; a closed alert reopens as investigating.';
    end if;
    if old.status = 'new' then new.acknowledged_at := now(); end if;
  end if;
  if new.status = 'dismissed' then
    if nullif(btrim(coalesce(new.dismissal_reason, '')), '') is null then
      raise exception 'A dismissed alert needs a reason.' using errcode = '23514';
    end if;
  elsif new.dismissal_reason is not null and new.status is distinct from old.status then
    -- Leaving dismissed (reopening) clears the old reason.
    new.dismissal_reason := null;
  elsif new.dismissal_reason is distinct from old.dismissal_reason then
    raise exception 'Only a dismissed alert has a dismissal reason.' using errcode = '23514';
  end if;
  if new.assigned_to is distinct from old.assigned_to and new.assigned_to is not null
     and not private.has_profile(new.assigned_to) then
    raise exception 'Alerts are assigned to people with an account.' using errcode = '23503';
  end if;
  return new;
end
$$;
comment on function private.enforce_alert_workflow() is 'Trigger: the triage workflow, the dismissal reason rule, acknowledged_at set once, assignees with a profile.';
revoke all on function private.enforce_alert_workflow() from public, anon, authenticated;

create trigger enhanced_security_alerts_workflow before insert or update on public.enhanced_security_alerts
  for each row execute function private.enforce_alert_workflow();

-- Who did what to an alert, append-only (status and assignment; notes have their own table).
create table public.alert_events (
  id bigint generated always as identity primary key,
  alert_id uuid not null references public.enhanced_security_alerts (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null default auth.uid(),
  kind text not null check (kind in ('raised', 'status', 'assignment')),
  from_value text check (char_length(from_value) <= 100),
  to_value text check (char_length(to_value) <= 100),
  -- clock_timestamp: several changes in one transaction keep their order.
  at timestamptz not null default clock_timestamp()
);
comment on table public.alert_events is 'Append-only history of alert changes, written by a trigger.';
comment on column public.alert_events.id is 'Event id.';
comment on column public.alert_events.alert_id is 'The alert.';
comment on column public.alert_events.actor_id is 'Who made the change; null for the platform (service role).';
comment on column public.alert_events.kind is 'raised, status or assignment.';
comment on column public.alert_events.from_value is 'Value before (status, or assignee id).';
comment on column public.alert_events.to_value is 'Value after.';
comment on column public.alert_events.at is 'When.';
create index alert_events_alert_id_at_idx on public.alert_events (alert_id, at);
create index alert_events_actor_id_idx on public.alert_events (actor_id) where actor_id is not null;

alter table public.alert_events enable row level security;
grant select on public.alert_events to authenticated;
grant all on public.alert_events to service_role;
create policy "Signed-in users read alert history" on public.alert_events
  for select to authenticated using (true);

create function private.record_alert_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    insert into public.alert_events (alert_id, actor_id, kind, to_value) values (new.id, auth.uid(), 'raised', new.status::text);
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.alert_events (alert_id, actor_id, kind, from_value, to_value)
    values (new.id, auth.uid(), 'status', old.status::text, new.status::text);
  end if;
  if new.assigned_to is distinct from old.assigned_to then
    insert into public.alert_events (alert_id, actor_id, kind, from_value, to_value)
    values (new.id, auth.uid(), 'assignment', old.assigned_to::text, new.assigned_to::text);
  end if;
  return null;
end
$$;
comment on function private.record_alert_event() is 'Trigger: writes alert_events for a raised alert, a status change and an assignment.';
revoke all on function private.record_alert_event() from public, anon, authenticated;

create trigger enhanced_security_alerts_history after insert or update on public.enhanced_security_alerts
  for each row execute function private.record_alert_event();

-- Analysts may read only their own profile, yet must see whom they can assign an alert to.
create function public.assignable_users()
returns table (id uuid, display_name text, email text)
language sql stable security definer set search_path = '' as $$
  select p.id, p.display_name, p.email from public.profiles p
   where (select auth.uid()) is not null
   order by coalesce(nullif(p.display_name, ''), p.email)
$$;
comment on function public.assignable_users() is 'The people an alert can be assigned to (every account with a profile), for signed-in users.';
revoke all on function public.assignable_users() from public, anon;
grant execute on function public.assignable_users() to authenticated, service_role;
