-- Security events: what the client's monitors report (through log_security_violation) and what the
-- server itself records (MFA failures, lockouts). Append-only: nobody updates or deletes them.

create table public.security_events (
  id bigint generated always as identity primary key,
  event_type text not null,
  severity text not null check (severity in ('low', 'medium', 'high', 'critical')),
  details jsonb not null default '{}'::jsonb
    check (jsonb_typeof(details) = 'object' and pg_column_size(details) <= 8192),
  user_id uuid references auth.users (id) on delete set null,
  source text not null default 'client' check (source in ('client', 'server')),
  user_agent text check (char_length(user_agent) <= 512),
  created_at timestamptz not null default now()
);
comment on table public.security_events is 'Append-only log of security events from the client monitors and the server.';
comment on column public.security_events.event_type is 'One of private.security_event_types.';
comment on column public.security_events.severity is 'low, medium, high or critical.';
comment on column public.security_events.details is 'Event details as reported (at most 4 KB from clients), never rendered as HTML.';
comment on column public.security_events.user_id is 'The user the event concerns, when known.';
comment on column public.security_events.source is 'client when reported by the browser, server when recorded by the database.';
comment on column public.security_events.user_agent is 'User agent of the reporting request, when known.';
comment on column public.security_events.created_at is 'When the event was recorded (server clock).';
create index security_events_created_at_idx on public.security_events (created_at desc);
create index security_events_user_id_created_at_idx on public.security_events (user_id, created_at desc);
create index security_events_type_created_at_idx on public.security_events (event_type, created_at desc);

create table private.security_event_types (
  event_type text primary key,
  default_severity text not null check (default_severity in ('low', 'medium', 'high', 'critical')),
  client_reportable boolean not null
);
comment on table private.security_event_types is 'Allow-list of security event types and who may report them.';
insert into private.security_event_types (event_type, default_severity, client_reportable) values
  ('injection_attempt', 'critical', true),
  ('excessive_requests', 'high', true),
  ('unusual_navigation', 'medium', true),
  ('bot_detected', 'high', true),
  ('devtools_opened', 'low', true),
  ('csp_violation', 'medium', true),
  ('suspicious_activity', 'medium', true),
  ('session_expired', 'low', true),
  ('admin_validation_error', 'medium', true),
  ('admin_validation_exception', 'high', true),
  ('auth_refresh_error', 'low', true),
  ('signout_error', 'low', true),
  ('mfa_verification_failed', 'high', false),
  ('mfa_lockout', 'critical', false),
  ('mfa_setup', 'medium', false),
  ('mfa_backup_code_used', 'medium', false);

alter table public.security_events enable row level security;
alter table private.security_event_types enable row level security;
revoke all on private.security_event_types from public, anon, authenticated;

-- Records an event as the server; used by the RPCs of this schema, never granted to API roles.
create function private.record_security_event(
  _event_type text, _details jsonb, _user_id uuid, _source text default 'server', _severity text default null
) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  event_id bigint;
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
begin
  insert into public.security_events (event_type, severity, details, user_id, source, user_agent)
  select t.event_type, coalesce(_severity, t.default_severity), coalesce(_details, '{}'::jsonb), _user_id, _source,
         left(headers ->> 'user-agent', 512)
    from private.security_event_types t where t.event_type = _event_type
  returning id into event_id;
  if event_id is null then
    raise exception 'Unknown security event type: %', left(_event_type, 64) using errcode = '22023';
  end if;
  return event_id;
end
$$;
comment on function private.record_security_event(text, jsonb, uuid, text, text) is 'Inserts a security event of an allowed type.';
revoke all on function private.record_security_event(text, jsonb, uuid, text, text) from public, anon, authenticated;

-- Client monitors report here. Refuses unknown or server-only types, non-object or oversized
-- details, and more than 30 reports a minute per user (HTTP 429 through PostgREST's PT429).
create function public.log_security_violation(_event_type text, _details jsonb default '{}'::jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  recent int;
  event_id bigint;
begin
  if uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if not exists (select 1 from private.security_event_types t where t.event_type = _event_type and t.client_reportable) then
    raise exception 'Unknown security event type: %', left(coalesce(_event_type, ''), 64) using errcode = '22023';
  end if;
  if _details is null or jsonb_typeof(_details) <> 'object' then
    raise exception 'Event details must be a JSON object' using errcode = '22023';
  end if;
  if octet_length(_details::text) > 4096 then
    raise exception 'Event details are larger than 4096 bytes' using errcode = '22023';
  end if;
  select count(*) into recent from public.security_events e
   where e.user_id = uid and e.source = 'client' and e.created_at > now() - interval '1 minute';
  if recent >= 30 then
    raise exception 'Too many security reports; try again in a minute' using errcode = 'PT429';
  end if;
  event_id := private.record_security_event(_event_type, _details, uid, 'client');
  return jsonb_build_object('logged', true, 'id', event_id);
end
$$;
comment on function public.log_security_violation(text, jsonb) is 'Client-side security monitors report an event (allow-listed types, 4 KB details, 30 per minute per user).';
revoke all on function public.log_security_violation(text, jsonb) from public, anon;
grant execute on function public.log_security_violation(text, jsonb) to authenticated;

grant select on public.security_events to authenticated;
grant select, insert on public.security_events to service_role;
