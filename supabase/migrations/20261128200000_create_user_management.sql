-- User Management: administrators with a verified second factor list users, create them, change
-- roles, disable and enable them, reset their second factor and sign them out everywhere.
--
-- Who writes what. Only the auth service writes the auth schema (the API's database roles, postgres
-- included, may read it but not change it, here as on hosted Supabase). So:
--   * roles and second factors are ours: admin_set_user_role and admin_reset_user_mfa are single
--     security-definer functions; the check, the change and the audit row commit together;
--   * creating, disabling, enabling and signing out go through the auth admin API, called by the
--     edge function `admin-users` with the service key (never in the browser). It asks
--     admin_check_user_action with the caller's token first (role, MFA, self and last-admin rules),
--     then calls the auth service, then admin_record_user_action with the caller's token, which
--     verifies that the change really happened (so nobody can record a fiction), finishes our side
--     (the admin role of a new admin, MFA verifications) and writes the audit row;
--   * a ban, or a new `sessions_revoked_at` in app_metadata, ends the user's sessions inside the auth
--     service's own update, through a trigger on auth.users that runs with the auth service's rights.

insert into private.security_event_types (event_type, default_severity, client_reportable) values
  ('mfa_reset', 'high', false),
  ('user_sessions_revoked', 'medium', false)
on conflict (event_type) do nothing;

-- An admin MFA verification belongs to one auth session: when the session ends (sign-out, revocation,
-- expiry clean-up) the verification ends with it.
create function private.end_admin_mfa_of_session() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.admin_mfa_sessions where session_id = old.id;
  return old;
end
$$;
comment on function private.end_admin_mfa_of_session() is
  'Trigger: deleting an auth session also ends the admin MFA verification bound to it.';
revoke all on function private.end_admin_mfa_of_session() from public, anon, authenticated;

create trigger end_admin_mfa_with_session after delete on auth.sessions
  for each row execute function private.end_admin_mfa_of_session();

-- The one gate of every function below.
create function private.require_user_admin() returns uuid
language plpgsql stable security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null or not private.admin_mfa_verified() then
    raise exception 'Only administrators with a verified second factor can manage users' using errcode = '42501';
  end if;
  return (select auth.uid());
end
$$;
comment on function private.require_user_admin() is
  'Raises 42501 unless the caller is an admin who passed the second factor in this session; returns the caller.';
revoke all on function private.require_user_admin() from public, anon;
grant execute on function private.require_user_admin() to authenticated, service_role;

-- The target of an action; a missing user is an input error.
create function private.target_user(_user_id uuid) returns auth.users
language plpgsql stable security definer set search_path = '' as $$
declare
  _user auth.users;
begin
  select * into _user from auth.users u where u.id = _user_id and u.deleted_at is null;
  if not found then
    raise exception 'No such user' using errcode = '22023';
  end if;
  return _user;
end
$$;
comment on function private.target_user(uuid) is 'The target user of an admin action; 22023 when there is none.';
revoke all on function private.target_user(uuid) from public, anon, authenticated;

create function private.is_disabled(_banned_until timestamptz) returns boolean
language sql stable set search_path = '' as $$
  select _banned_until is not null and _banned_until > now()
$$;
comment on function private.is_disabled(timestamptz) is 'Whether a banned_until value disables the account now.';
revoke all on function private.is_disabled(timestamptz) from public, anon;
grant execute on function private.is_disabled(timestamptz) to authenticated, service_role;

-- Refuses an action that would leave no enabled administrator (_leaving: the admin about to be
-- demoted or disabled). Serialised by an advisory lock so two admins cannot remove each other.
create function private.assert_other_admin_remains(_leaving uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock(hashtext('private.assert_other_admin_remains'));
  if not exists (
    select 1 from public.user_roles r join auth.users u on u.id = r.user_id
     where r.role = 'admin' and r.user_id <> _leaving and u.deleted_at is null
       and not private.is_disabled(u.banned_until)
  ) then
    raise exception 'At least one enabled administrator must remain' using errcode = '23514';
  end if;
end
$$;
comment on function private.assert_other_admin_remains(uuid) is
  'Raises 23514 when no enabled administrator other than the given user would remain.';
revoke all on function private.assert_other_admin_remains(uuid) from public, anon, authenticated;

-- Users with their role, second-factor state, last sign-in and whether they are disabled; paged,
-- searched by email or name. total_count is the number of matches (for the pager).
create function public.admin_list_users(_search text default null, _limit integer default 50, _offset integer default 0)
returns table (
  id uuid,
  email text,
  display_name text,
  role public.app_role,
  mfa_status text,
  backup_codes_left integer,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  disabled boolean,
  active_sessions integer,
  is_self boolean,
  total_count bigint
)
language plpgsql stable security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _pattern text := '%' || replace(replace(replace(btrim(coalesce(_search, '')), '\', '\\'), '%', '\%'), '_', '\_') || '%';
begin
  if _limit is null or _limit not between 1 and 200 then
    raise exception 'A page holds 1 to 200 users' using errcode = '22023';
  end if;
  if _offset is null or _offset < 0 then
    raise exception 'The offset cannot be negative' using errcode = '22023';
  end if;
  return query
  select u.id, u.email::text, coalesce(p.display_name, ''),
         case when a.user_id is not null then 'admin'::public.app_role else 'analyst'::public.app_role end,
         coalesce(t.status, 'none'),
         (select count(*)::integer from private.admin_backup_codes c where c.user_id = u.id and c.used_at is null),
         u.last_sign_in_at, u.created_at, private.is_disabled(u.banned_until),
         (select count(*)::integer from auth.sessions s where s.user_id = u.id),
         u.id = _me,
         count(*) over ()
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join public.user_roles a on a.user_id = u.id and a.role = 'admin'
    left join private.admin_totp t on t.user_id = u.id
   where u.deleted_at is null
     and (_pattern = '%%' or u.email ilike _pattern or p.display_name ilike _pattern)
   order by lower(u.email), u.id
   limit _limit offset _offset;
end
$$;
comment on function public.admin_list_users(text, integer, integer) is
  'Users with role, second-factor state (none, pending, active), unused backup codes, last sign-in, disabled flag and session count; search by email or name; admins with verified MFA only.';
revoke all on function public.admin_list_users(text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated;

-- The state of one user after an action, as the list shows it.
create function private.user_state(_user_id uuid)
returns table (id uuid, role public.app_role, disabled boolean, mfa_status text, active_sessions integer)
language sql stable security definer set search_path = '' as $$
  select u.id,
         case when exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'admin')
              then 'admin'::public.app_role else 'analyst'::public.app_role end,
         private.is_disabled(u.banned_until),
         coalesce((select t.status from private.admin_totp t where t.user_id = u.id), 'none'),
         (select count(*)::integer from auth.sessions s where s.user_id = u.id)
    from auth.users u where u.id = _user_id
$$;
comment on function private.user_state(uuid) is 'Role, disabled flag, second-factor state and session count of one user.';
revoke all on function private.user_state(uuid) from public, anon, authenticated;

create function public.admin_set_user_role(_user_id uuid, _role public.app_role)
returns table (id uuid, role public.app_role, disabled boolean, mfa_status text, active_sessions integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _was public.app_role;
begin
  if _role is null then
    raise exception 'Choose a role: analyst or admin' using errcode = '22023';
  end if;
  perform private.target_user(_user_id);
  if _user_id = _me then
    raise exception 'You cannot change your own role' using errcode = '42501';
  end if;
  _was := case when exists (select 1 from public.user_roles r where r.user_id = _user_id and r.role = 'admin')
               then 'admin'::public.app_role else 'analyst'::public.app_role end;
  if _was = 'admin' and _role = 'analyst' then
    perform private.assert_other_admin_remains(_user_id);
    delete from public.user_roles r where r.user_id = _user_id and r.role = 'admin';
    -- A former admin's verified sessions grant nothing any more; drop them rather than leave them.
    delete from private.admin_mfa_sessions s where s.user_id = _user_id;
  elsif _was = 'analyst' and _role = 'admin' then
    insert into public.user_roles (user_id, role, granted_by) values (_user_id, 'admin', _me);
  end if;
  if _was <> _role then
    perform private.record_audit('user.role_changed', 'user', _user_id::text,
      jsonb_build_object('from', _was, 'to', _role));
  end if;
  return query select * from private.user_state(_user_id);
end
$$;
comment on function public.admin_set_user_role(uuid, public.app_role) is
  'Makes a user an analyst or an admin; not oneself, never the last enabled admin; admins with verified MFA only; audited as user.role_changed.';
revoke all on function public.admin_set_user_role(uuid, public.app_role) from public, anon;
grant execute on function public.admin_set_user_role(uuid, public.app_role) to authenticated;

-- A ban, or a new app_metadata.sessions_revoked_at, ends every session of the user (refresh tokens go
-- with them by cascade, admin MFA verifications through end_admin_mfa_with_session). Security
-- invoker on purpose: it runs inside the auth service's own update, with the auth service's rights
-- on auth.sessions; a role without them cannot ban anybody either.
create function private.end_sessions_on_revocation() returns trigger
language plpgsql security invoker set search_path = '' as $$
begin
  if (new.banned_until is not null and new.banned_until > now()
      and (old.banned_until is null or old.banned_until <= now()))
     or (new.raw_app_meta_data ->> 'sessions_revoked_at') is distinct from (old.raw_app_meta_data ->> 'sessions_revoked_at') then
    delete from auth.sessions s where s.user_id = new.id;
    delete from auth.refresh_tokens t where t.user_id = new.id::text;
  end if;
  return new;
end
$$;
comment on function private.end_sessions_on_revocation() is
  'Trigger on auth.users: a new ban or a new app_metadata.sessions_revoked_at deletes the user''s sessions and refresh tokens (runs with the updating role''s rights: the auth service).';
revoke all on function private.end_sessions_on_revocation() from public, anon, authenticated;

create trigger end_sessions_on_revocation after update of banned_until, raw_app_meta_data on auth.users
  for each row execute function private.end_sessions_on_revocation();

-- The rules of the actions the auth service performs, checked before and again after.
create function private.check_user_action(_action text, _user_id uuid, _email text) returns void
language plpgsql stable security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _address text := lower(btrim(coalesce(_email, '')));
  _user auth.users;
begin
  if _action = 'create' then
    if char_length(_address) > 320 or _address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      raise exception 'Enter a valid email address' using errcode = '22023';
    end if;
    if exists (select 1 from auth.users u where lower(u.email) = _address) then
      raise exception 'A user with this email already exists' using errcode = '23505';
    end if;
    return;
  end if;
  if _action is null or _action not in ('disable', 'enable', 'sign_out') then
    raise exception 'Unknown user action: %', left(coalesce(_action, ''), 40) using errcode = '22023';
  end if;
  _user := private.target_user(_user_id);
  if _user_id = _me and _action = 'disable' then
    raise exception 'You cannot disable yourself' using errcode = '42501';
  end if;
  if _user_id = _me and _action = 'sign_out' then
    raise exception 'Sign out your own other sessions from your profile' using errcode = '42501';
  end if;
  if _action = 'disable' and exists (select 1 from public.user_roles r where r.user_id = _user_id and r.role = 'admin') then
    perform private.assert_other_admin_remains(_user_id);
  end if;
end
$$;
comment on function private.check_user_action(text, uuid, text) is
  'Raises unless the caller may create (email free), disable (not self, not the last enabled admin), enable or sign out (not self) the user.';
revoke all on function private.check_user_action(text, uuid, text) from public, anon, authenticated;

-- Returns true rather than void: a check whose result nobody reads may be skipped by a planner that
-- drops unused outputs of stable calls; a returned value is always computed.
create function public.admin_check_user_action(_action text, _user_id uuid default null, _email text default null)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.check_user_action(_action, _user_id, _email);
  return true;
end
$$;
comment on function public.admin_check_user_action(text, uuid, text) is
  'Step 1 of the admin-users edge function: true, or raises (42501, 22023, 23505, 23514) unless the caller, an admin with verified MFA, may create, disable, enable or sign out that user.';
revoke all on function public.admin_check_user_action(text, uuid, text) from public, anon;
grant execute on function public.admin_check_user_action(text, uuid, text) to authenticated;

-- Step 3: the auth service has acted; this verifies it did, finishes our side and writes the audit
-- row, all in one transaction. A claim that does not match the auth schema is refused (22023).
create function public.admin_record_user_action(_action text, _user_id uuid, _role public.app_role default null)
returns table (id uuid, role public.app_role, disabled boolean, mfa_status text, active_sessions integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _user auth.users := private.target_user(_user_id);
  _revoked_at timestamptz;
begin
  if _action = 'create' then
    if _user.created_at < now() - interval '10 minutes'
       or exists (select 1 from public.audit_trail t where t.action = 'user.created' and t.target_id = _user_id::text) then
      raise exception 'This user was not just created' using errcode = '22023';
    end if;
    if _role = 'admin' then
      insert into public.user_roles (user_id, role, granted_by) values (_user_id, 'admin', _me);
    end if;
    perform private.record_audit('user.created', 'user', _user_id::text,
      jsonb_build_object('email', _user.email, 'role', coalesce(_role, 'analyst')));
  elsif _action = 'disable' then
    perform private.check_user_action('disable', _user_id, null);
    if not private.is_disabled(_user.banned_until) then
      raise exception 'This user is not disabled' using errcode = '22023';
    end if;
    delete from private.admin_mfa_sessions m where m.user_id = _user_id;
    perform private.record_audit('user.disabled', 'user', _user_id::text, jsonb_build_object('banned_until', _user.banned_until));
  elsif _action = 'enable' then
    if private.is_disabled(_user.banned_until) then
      raise exception 'This user is still disabled' using errcode = '22023';
    end if;
    perform private.record_audit('user.enabled', 'user', _user_id::text, '{}'::jsonb);
  elsif _action = 'sign_out' then
    perform private.check_user_action('sign_out', _user_id, null);
    _revoked_at := nullif(_user.raw_app_meta_data ->> 'sessions_revoked_at', '')::timestamptz;
    if _revoked_at is null or _revoked_at < now() - interval '10 minutes'
       or exists (select 1 from auth.sessions s where s.user_id = _user_id and s.created_at <= _revoked_at) then
      raise exception 'This user''s sessions were not revoked' using errcode = '22023';
    end if;
    delete from private.admin_mfa_sessions m where m.user_id = _user_id;
    perform private.record_audit('user.signed_out', 'user', _user_id::text, jsonb_build_object('revoked_at', _revoked_at));
    perform private.record_security_event('user_sessions_revoked', jsonb_build_object('by', _me), _user_id);
  else
    raise exception 'Unknown user action: %', left(coalesce(_action, ''), 40) using errcode = '22023';
  end if;
  return query select * from private.user_state(_user_id);
end
$$;
comment on function public.admin_record_user_action(text, uuid, public.app_role) is
  'Step 3 of the admin-users edge function: verifies that the auth service created, disabled, enabled or signed out the user, grants the admin role of a new admin, ends MFA verifications and writes the audit row (user.created, user.disabled, user.enabled, user.signed_out); admins with verified MFA only.';
revoke all on function public.admin_record_user_action(text, uuid, public.app_role) from public, anon;
grant execute on function public.admin_record_user_action(text, uuid, public.app_role) to authenticated;

-- The user enrols again at the next admin sign-in: TOTP secret, backup codes and verified sessions go.
create function public.admin_reset_user_mfa(_user_id uuid)
returns table (id uuid, role public.app_role, disabled boolean, mfa_status text, active_sessions integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _had text;
  _codes integer;
  _verified integer;
begin
  perform private.target_user(_user_id);
  if _user_id = _me then
    raise exception 'Reset your own second factor from your profile' using errcode = '42501';
  end if;
  delete from private.admin_totp t where t.user_id = _user_id returning t.status into _had;
  delete from private.admin_backup_codes c where c.user_id = _user_id;
  get diagnostics _codes = row_count;
  delete from private.admin_mfa_sessions s where s.user_id = _user_id;
  get diagnostics _verified = row_count;
  if _had is null and _codes = 0 and _verified = 0 then
    raise exception 'This user has no second factor to reset' using errcode = '22023';
  end if;
  perform private.record_audit('user.mfa_reset', 'user', _user_id::text, jsonb_build_object(
    'totp', coalesce(_had, 'none'), 'backup_codes_removed', _codes, 'verified_sessions_ended', _verified));
  perform private.record_security_event('mfa_reset', jsonb_build_object('by', _me), _user_id);
  return query select * from private.user_state(_user_id);
end
$$;
comment on function public.admin_reset_user_mfa(uuid) is
  'Removes a user''s TOTP enrolment, backup codes and MFA-verified sessions so they enrol again; not oneself; admins with verified MFA only; audited as user.mfa_reset.';
revoke all on function public.admin_reset_user_mfa(uuid) from public, anon;
grant execute on function public.admin_reset_user_mfa(uuid) to authenticated;
