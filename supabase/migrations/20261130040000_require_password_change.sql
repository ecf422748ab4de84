-- One-time passwords are one-time. An account an administrator creates, or whose password an
-- administrator resets, carries app_metadata.password_change_required until its owner chooses a
-- password. While it does, the auth service signs its access tokens with the role below instead of
-- `authenticated`; the role holds no privilege at all, so REST, RPCs, realtime and storage refuse
-- such a token (42501) whatever a policy or a security-definer function would say. Only the auth
-- service's own /user endpoint (change the password, then refresh the session) accepts it.
-- Deny by default: nothing is ever granted to this role.

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'password_change_pending') then
    create role password_change_pending nologin noinherit;
  end if;
end
$$;
comment on role password_change_pending is
  'Role of access tokens whose user must still replace a one-time password; holds no privilege on purpose.';
-- The API's login role switches to the role a token names, as it does for anon and authenticated.
grant password_change_pending to authenticator;

-- The rules of the actions the auth service performs, checked before and again after; now also
-- reset_password (not oneself: an administrator changes their own password from the profile).
create or replace function private.check_user_action(_action text, _user_id uuid, _email text) returns void
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
  if _action is null or _action not in ('disable', 'enable', 'sign_out', 'reset_password') then
    raise exception 'Unknown user action: %', left(coalesce(_action, ''), 40) using errcode = '22023';
  end if;
  _user := private.target_user(_user_id);
  if _user_id = _me and _action = 'disable' then
    raise exception 'You cannot disable yourself' using errcode = '42501';
  end if;
  if _user_id = _me and _action = 'sign_out' then
    raise exception 'Sign out your own other sessions from your profile' using errcode = '42501';
  end if;
  if _user_id = _me and _action = 'reset_password' then
    raise exception 'Change your own password from your profile' using errcode = '42501';
  end if;
  if _action = 'disable' and exists (select 1 from public.user_roles r where r.user_id = _user_id and r.role = 'admin') then
    perform private.assert_other_admin_remains(_user_id);
  end if;
end
$$;
comment on function private.check_user_action(text, uuid, text) is
  'Raises unless the caller may create (email free), disable (not self, not the last enabled admin), enable, sign out or reset the password of (not self) the user.';

create or replace function private.requires_password_change(_user auth.users) returns boolean
language sql stable set search_path = '' as $$
  select coalesce((_user.raw_app_meta_data ->> 'password_change_required')::boolean, false)
$$;
comment on function private.requires_password_change(auth.users) is
  'Whether the user must replace a one-time password before using the platform.';
revoke all on function private.requires_password_change(auth.users) from public, anon, authenticated;

-- Step 3 of the admin-users edge function, now with reset_password; a new user must also carry the
-- password-change flag (a one-time password that is not one-time is refused, and the user deleted).
create or replace function public.admin_record_user_action(_action text, _user_id uuid, _role public.app_role default null)
returns table (id uuid, role public.app_role, disabled boolean, mfa_status text, active_sessions integer)
language plpgsql volatile security definer set search_path = '' as $$
declare
  _me uuid := private.require_user_admin();
  _user auth.users := private.target_user(_user_id);
  _revoked_at timestamptz;
begin
  if _action in ('sign_out', 'reset_password') then
    perform private.check_user_action(_action, _user_id, null);
    _revoked_at := nullif(_user.raw_app_meta_data ->> 'sessions_revoked_at', '')::timestamptz;
    if _revoked_at is null or _revoked_at < now() - interval '10 minutes'
       or exists (select 1 from auth.sessions s where s.user_id = _user_id and s.created_at <= _revoked_at) then
      raise exception 'This user''s sessions were not revoked' using errcode = '22023';
    end if;
    delete from private.admin_mfa_sessions m where m.user_id = _user_id;
  end if;

  if _action = 'create' then
    if _user.created_at < now() - interval '10 minutes'
       or exists (select 1 from public.audit_trail t where t.action = 'user.created' and t.target_id = _user_id::text) then
      raise exception 'This user was not just created' using errcode = '22023';
    end if;
    if not private.requires_password_change(_user) then
      raise exception 'A new user must be asked to choose a password at first sign-in' using errcode = '22023';
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
    perform private.record_audit('user.signed_out', 'user', _user_id::text, jsonb_build_object('revoked_at', _revoked_at));
    perform private.record_security_event('user_sessions_revoked', jsonb_build_object('by', _me), _user_id);
  elsif _action = 'reset_password' then
    if not private.requires_password_change(_user) then
      raise exception 'The user was not asked to choose a new password' using errcode = '22023';
    end if;
    perform private.record_audit('user.password_reset', 'user', _user_id::text, jsonb_build_object('revoked_at', _revoked_at));
    perform private.record_security_event('user_sessions_revoked',
      jsonb_build_object('by', _me, 'reason', 'password_reset'), _user_id);
  else
    raise exception 'Unknown user action: %', left(coalesce(_action, ''), 40) using errcode = '22023';
  end if;
  return query select * from private.user_state(_user_id);
end
$$;
comment on function public.admin_record_user_action(text, uuid, public.app_role) is
  'Step 3 of the admin-users edge function: verifies that the auth service created (with a one-time password), disabled, enabled, signed out or reset the password of the user, grants the admin role of a new admin, ends MFA verifications and writes the audit row (user.created, user.disabled, user.enabled, user.signed_out, user.password_reset); admins with verified MFA only.';

comment on function public.admin_check_user_action(text, uuid, text) is
  'Step 1 of the admin-users edge function: true, or raises (42501, 22023, 23505, 23514) unless the caller, an admin with verified MFA, may create, disable, enable, sign out or reset the password of that user.';
