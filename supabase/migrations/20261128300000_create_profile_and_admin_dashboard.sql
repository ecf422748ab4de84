-- The Profile page and the Admin dashboard: what a user sees of their own account (name, second
-- factor, backup codes left, sessions), the renewal of an admin's backup codes behind a fresh TOTP
-- code, and the aggregates and indexes the Admin dashboard reads (security events over time,
-- audit trail facets, import runs with failures, service health history).
--
-- Passwords and sign-outs stay with the auth service (the database roles cannot write auth.users or
-- auth.sessions, as on hosted Supabase): the current password is checked there
-- (`[auth.email] require_current_password`), other sessions end through POST /logout?scope=others,
-- and an ended session takes its admin second-factor binding with it (the trigger of
-- 20261128200000_create_user_management).

insert into private.security_event_types (event_type, default_severity, client_reportable) values
  ('mfa_backup_codes_regenerated', 'medium', false)
on conflict (event_type) do nothing;

-- ---------------------------------------------------------------------------------------------
-- The caller's own account
-- ---------------------------------------------------------------------------------------------

create function public.my_account()
returns table (
  user_id uuid,
  email text,
  display_name text,
  is_admin boolean,
  mfa_status text,
  mfa_verified_this_session boolean,
  backup_codes_left integer,
  mfa_locked_until timestamptz,
  last_sign_in_at timestamptz
)
language plpgsql stable security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
begin
  if _uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  return query
  select u.id,
         coalesce(u.email, '')::text,
         coalesce(p.display_name, '')::text,
         private.has_role('admin'),
         coalesce(t.status, 'none'),
         private.admin_mfa_verified(),
         (select count(*)::int from private.admin_backup_codes c where c.user_id = u.id and c.used_at is null),
         case when t.locked_until > now() then t.locked_until end,
         u.last_sign_in_at
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join private.admin_totp t on t.user_id = u.id
   where u.id = _uid;
end
$$;
comment on function public.my_account() is
  'The caller''s own account for the Profile page: name, admin role, second-factor state (none, pending, active), whether this session passed it, backup codes left.';
revoke all on function public.my_account() from public, anon;
grant execute on function public.my_account() to authenticated;

create function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  is_current boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
begin
  if _uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  -- refreshed_at is a timestamp without time zone holding UTC, as GoTrue keeps it.
  return query
  select s.id, s.created_at, s.refreshed_at at time zone 'UTC', left(s.user_agent, 512), host(s.ip),
         s.id is not distinct from private.jwt_session_id()
    from auth.sessions s
   where s.user_id = _uid
     and (s.not_after is null or s.not_after > now())
   order by coalesce(s.refreshed_at at time zone 'UTC', s.created_at) desc
   limit 100;
end
$$;
comment on function public.my_sessions() is
  'The caller''s own signed-in sessions (at most 100, most recently used first), marking the one of this request.';
revoke all on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Renewing an admin's backup codes
-- ---------------------------------------------------------------------------------------------

-- Counts a wrong code the way verify_admin_totp does (5 failures lock the factor for 15 minutes)
-- and answers the reason to report: the caller must return, not raise, so the count commits.
create function private.count_totp_failure(_uid uuid, _reason text, _context text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  _totp private.admin_totp;
begin
  update private.admin_totp
     set failed_count = failed_count + 1,
         locked_until = case when failed_count + 1 >= 5 then now() + interval '15 minutes' else locked_until end
   where user_id = _uid
  returning * into _totp;
  perform private.record_security_event('mfa_verification_failed',
    jsonb_build_object('reason', _reason, 'failed_count', _totp.failed_count, 'context', _context), _uid);
  if _totp.failed_count >= 5 then
    update private.admin_totp set failed_count = 0 where user_id = _uid;
    perform private.record_security_event('mfa_lockout', jsonb_build_object('locked_until', _totp.locked_until), _uid);
    return 'locked';
  end if;
  return _reason;
end
$$;
comment on function private.count_totp_failure(uuid, text, text) is
  'Records a failed TOTP check (security event, failure count, lockout at 5); returns the reason to answer.';
revoke all on function private.count_totp_failure(uuid, text, text) from public, anon, authenticated, service_role;

create function public.regenerate_admin_backup_codes(_code text)
returns table (success boolean, reason text, backup_codes text[])
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _totp private.admin_totp;
  _candidate text := regexp_replace(coalesce(_code, ''), '\s', '', 'g');
  _secret bytea;
  _now_step bigint := private.totp_current_step();
  _matched bigint;
  _replayed boolean := false;
  _previous int;
  _codes text[] := '{}';
  _new text;
begin
  if _uid is null or not private.has_role('admin') then
    raise exception 'Admin validation required' using errcode = '42501';
  end if;
  if not private.admin_mfa_verified() then
    raise exception 'Verify your second factor in this session first' using errcode = '42501';
  end if;
  select * into _totp from private.admin_totp t where t.user_id = _uid for update;
  if _totp.locked_until is not null and _totp.locked_until > now() then
    perform private.record_security_event('mfa_verification_failed',
      jsonb_build_object('reason', 'locked', 'context', 'backup_code_renewal'), _uid);
    return query select false, 'locked'::text, null::text[];
    return;
  end if;

  -- Only the authenticator proves possession here: a backup code cannot mint new ones.
  if _candidate ~ '^[0-9]{6}$' then
    _secret := private.totp_secret(_uid);
    for _step in _now_step - 1 .. _now_step + 1 loop
      if private.totp_code(_secret, _step) = _candidate then
        if _step > _totp.last_used_step then _matched := _step; else _replayed := true; end if;
      end if;
    end loop;
  end if;
  if _matched is null then
    return query select false,
      private.count_totp_failure(_uid, case when _replayed then 'replayed' else 'invalid_code' end, 'backup_code_renewal'),
      null::text[];
    return;
  end if;

  update private.admin_totp
     set last_used_step = _matched, failed_count = 0, locked_until = null
   where user_id = _uid;
  select count(*) into _previous from private.admin_backup_codes c where c.user_id = _uid and c.used_at is null;
  delete from private.admin_backup_codes c where c.user_id = _uid;
  for i in 1 .. 10 loop
    _new := private.new_backup_code();
    _codes := _codes || _new;
    insert into private.admin_backup_codes (user_id, code_hash)
    values (_uid, extensions.crypt(_new, extensions.gen_salt('bf', 10)));
  end loop;
  perform private.record_security_event('mfa_backup_codes_regenerated',
    jsonb_build_object('count', 10, 'unused_codes_replaced', _previous), _uid);
  perform private.record_audit('mfa.backup_codes_regenerated', 'user', _uid::text,
    jsonb_build_object('count', 10, 'unused_codes_replaced', _previous));
  return query select true, null::text, _codes;
end
$$;
comment on function public.regenerate_admin_backup_codes(text) is
  'An admin who passed MFA in this session replaces all backup codes with ten new ones (answered once), proving a fresh TOTP code (no replay, no backup code); failures count toward the lockout and are answered, not raised.';
revoke all on function public.regenerate_admin_backup_codes(text) from public, anon;
grant execute on function public.regenerate_admin_backup_codes(text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Admin dashboard reads
-- ---------------------------------------------------------------------------------------------

create index security_events_severity_created_at_idx on public.security_events (severity, created_at desc);
create index import_runs_with_failures_idx on public.import_runs (started_at desc)
  where status = 'failed' or rejected > 0;
create index audit_trail_by_actor_email on public.audit_trail (actor_email, occurred_at desc);

create function private.require_admin_mfa() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.admin_mfa_verified() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
end
$$;
comment on function private.require_admin_mfa() is 'Raises 42501 unless the caller is an admin who passed MFA in this session.';
revoke all on function private.require_admin_mfa() from public, anon;
grant execute on function private.require_admin_mfa() to authenticated;

create function public.admin_security_event_counts(
  _days integer default 14,
  _event_type text default null,
  _severity text default null
)
returns table (bucket timestamptz, severity text, events bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  _width interval;
  _since timestamptz;
begin
  perform private.require_admin_mfa();
  if _days is null or _days not between 1 and 90 then
    raise exception 'The window must be between 1 and 90 days' using errcode = '22023';
  end if;
  -- Hours for a day or two, days beyond: at most 90 columns either way.
  _width := case when _days <= 2 then interval '1 hour' else interval '1 day' end;
  _since := date_bin(_width, now() - make_interval(days => _days), timestamptz '2000-01-01 00:00:00+00') + _width;
  return query
  select date_bin(_width, e.created_at, timestamptz '2000-01-01 00:00:00+00'), e.severity, count(*)
    from public.security_events e
   where e.created_at >= _since
     and (_event_type is null or e.event_type = _event_type)
     and (_severity is null or e.severity = _severity)
   group by 1, 2
   order by 1, 2;
end
$$;
comment on function public.admin_security_event_counts(integer, text, text) is
  'Admins with MFA: security events per hour (1-2 days) or per day (up to 90) and severity, optionally of one type or severity, buckets aligned to UTC.';
revoke all on function public.admin_security_event_counts(integer, text, text) from public, anon;
grant execute on function public.admin_security_event_counts(integer, text, text) to authenticated;

create function public.admin_security_event_types()
returns table (event_type text, default_severity text, client_reportable boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  return query select t.event_type, t.default_severity, t.client_reportable
                 from private.security_event_types t order by t.event_type;
end
$$;
comment on function public.admin_security_event_types() is
  'Admins with MFA: the allow-list of security event types, for the dashboard''s filter.';
revoke all on function public.admin_security_event_types() from public, anon;
grant execute on function public.admin_security_event_types() to authenticated;

create function public.admin_audit_facets()
returns table (facet text, value text, entries bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  return query
  select 'action'::text, a.action, count(*) from public.audit_trail a group by a.action
  union all
  select 'actor'::text, a.actor_email, count(*) from public.audit_trail a where a.actor_email is not null group by a.actor_email
  union all
  select 'target_type'::text, a.target_type, count(*) from public.audit_trail a group by a.target_type
  order by 1, 2;
end
$$;
comment on function public.admin_audit_facets() is
  'Admins with MFA: the actions, actor e-mails and target types present in the audit trail, with counts, for its filters.';
revoke all on function public.admin_audit_facets() from public, anon;
grant execute on function public.admin_audit_facets() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Service health history
-- ---------------------------------------------------------------------------------------------

create table public.service_health_reports (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  database text not null check (database in ('healthy', 'degraded', 'down')),
  realtime text not null check (realtime in ('healthy', 'degraded', 'down')),
  auth text not null check (auth in ('healthy', 'degraded', 'down')),
  storage text not null check (storage in ('healthy', 'degraded', 'down')),
  reported_at timestamptz not null default now()
);
comment on table public.service_health_reports is
  'Service health as the browsers saw it (the 60 s health check), stored when a user''s result changes or hourly; admins with MFA read it.';
comment on column public.service_health_reports.user_id is 'Whose browser ran the check.';
comment on column public.service_health_reports.database is 'Database check: healthy, degraded or down.';
comment on column public.service_health_reports.realtime is 'Realtime check: healthy, degraded or down.';
comment on column public.service_health_reports.auth is 'Auth check: healthy, degraded or down.';
comment on column public.service_health_reports.storage is 'Storage check: healthy, degraded or down.';
comment on column public.service_health_reports.reported_at is 'Server time of the report.';
create index service_health_reports_reported_at_idx on public.service_health_reports (reported_at desc);
create index service_health_reports_user_id_reported_at_idx on public.service_health_reports (user_id, reported_at desc);

alter table public.service_health_reports enable row level security;
revoke all on table public.service_health_reports from public, anon, authenticated, service_role;
grant select on table public.service_health_reports to authenticated, service_role;
create policy "Admins with MFA read service health reports" on public.service_health_reports
  for select to authenticated using ((select private.admin_mfa_verified()));

create function public.report_service_health(_database text, _realtime text, _auth text, _storage text)
returns table (stored boolean)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _uid uuid := (select auth.uid());
  _last public.service_health_reports;
begin
  if _uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if not (array[_database, _realtime, _auth, _storage] <@ array['healthy', 'degraded', 'down'])
     or _database is null or _realtime is null or _auth is null or _storage is null then
    raise exception 'Each service is healthy, degraded or down' using errcode = '22023';
  end if;
  select * into _last from public.service_health_reports r
   where r.user_id = _uid order by r.reported_at desc limit 1;
  -- One row per change, and one an hour while nothing changes: the history stays small.
  if found and _last.database = _database and _last.realtime = _realtime and _last.auth = _auth
     and _last.storage = _storage and _last.reported_at > now() - interval '1 hour' then
    return query select false;
    return;
  end if;
  if found and _last.reported_at > now() - interval '10 seconds' then
    return query select false;
    return;
  end if;
  insert into public.service_health_reports (user_id, database, realtime, auth, storage)
  values (_uid, _database, _realtime, _auth, _storage);
  return query select true;
end
$$;
comment on function public.report_service_health(text, text, text, text) is
  'A signed-in browser reports its health check; stored when it differs from that user''s last report or that is an hour old (at most one per 10 s).';
revoke all on function public.report_service_health(text, text, text, text) from public, anon;
grant execute on function public.report_service_health(text, text, text, text) to authenticated;

create function public.admin_service_health_history(_days integer default 7)
returns table (bucket timestamptz, service text, healthy bigint, degraded bigint, down bigint, reporters bigint)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin_mfa();
  if _days is null or _days not between 1 and 90 then
    raise exception 'The window must be between 1 and 90 days' using errcode = '22023';
  end if;
  return query
  select date_bin(interval '1 hour', r.reported_at, timestamptz '2000-01-01 00:00:00+00'), s.service,
         count(*) filter (where s.status = 'healthy'),
         count(*) filter (where s.status = 'degraded'),
         count(*) filter (where s.status = 'down'),
         count(distinct r.user_id)
    from public.service_health_reports r
   cross join lateral (values ('database', r.database), ('realtime', r.realtime), ('auth', r.auth),
                              ('storage', r.storage)) as s (service, status)
   where r.reported_at >= now() - make_interval(days => _days)
   group by 1, 2
   order by 1 desc, 2;
end
$$;
comment on function public.admin_service_health_history(integer) is
  'Admins with MFA: per hour and service, how many stored health reports said healthy, degraded or down, and from how many users.';
revoke all on function public.admin_service_health_history(integer) from public, anon;
grant execute on function public.admin_service_health_history(integer) to authenticated;
