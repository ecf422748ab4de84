-- Two-factor for everyone through Supabase Auth's MFA API (issue 28 §2), in the database:
-- · an admin whose JWT is aal2 (a factor of auth.mfa_factors verified in this session: the stack's
--   /auth/v1/factors/{id}/verify) counts as MFA-verified, besides the admin TOTP of
--   20261121100300 (setup_admin_totp / verify_admin_totp / backup codes), which keeps working as is;
-- · the System Configuration setting security.require_mfa ("Require two-factor for everyone"), off by
--   default, changed like every setting through update_setting (admins with MFA, audited);
-- · private.mfa_requirement_met(): the setting is off, or the caller's session passed a second factor
--   (JWT aal2, or the admin TOTP in this session). While the setting is on and the caller has not,
--   the caller belongs to no TLP:RED audience: caller_red_groups() is empty, so every surface that
--   asks it (policies, checked RPCs, counts, exports, TAXII, realtime) hides RED rows, at the cost of
--   one settings lookup inside a function already asked once per statement. Admin powers already
--   need private.admin_mfa_verified() (a second factor in this session), so they meet the
--   requirement by construction. public.mfa_required() tells the app whether to send a signed-in
--   user to enrolment or to the code prompt.

create or replace function private.admin_mfa_verified() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('admin') and (
    -- coalesce: a JWT without aal must give false, never null (`not null` would let a check pass).
    coalesce((select auth.jwt()) ->> 'aal' = 'aal2', false)
    or exists (
      select 1
        from private.admin_mfa_sessions s
        join private.admin_totp t on t.user_id = s.user_id and t.status = 'active'
       where s.session_id = private.jwt_session_id()
         and s.user_id = (select auth.uid())
         and s.expires_at > now()
    )
  )
$$;
comment on function private.admin_mfa_verified() is
  'Whether the caller is an admin who passed a second factor in this session: a JWT at aal2 (Supabase Auth MFA factor) or the admin TOTP (12 h).';

-- An admin at aal2 is authorized even without the admin TOTP; every other answer is unchanged.
create or replace function public.validate_admin_access() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  totp private.admin_totp;
begin
  if uid is null then
    return jsonb_build_object('authorized', false, 'reason', 'not_authenticated');
  end if;
  if not private.has_role('admin') then
    return jsonb_build_object('authorized', false, 'reason', 'not_admin');
  end if;
  if coalesce((select auth.jwt()) ->> 'aal' = 'aal2', false) then
    return jsonb_build_object('authorized', true, 'reason', null);
  end if;
  select * into totp from private.admin_totp where user_id = uid;
  if not found then
    return jsonb_build_object('authorized', false, 'reason', 'mfa_setup_required');
  end if;
  if totp.status = 'pending' then
    return jsonb_build_object('authorized', false, 'reason', 'mfa_setup_required', 'pending_since', totp.created_at);
  end if;
  if not private.admin_mfa_verified() then
    return jsonb_build_object('authorized', false, 'reason', 'mfa_required');
  end if;
  return jsonb_build_object('authorized', true, 'reason', null);
end
$$;
comment on function public.validate_admin_access() is
  'Whether the caller is an admin who passed a second factor in this session (JWT aal2, or the admin TOTP); reason otherwise, and since when an admin TOTP enrolment is pending.';

insert into public.settings (key, category, label, description, type, value) values
  ('security.require_mfa', 'Security', 'Require two-factor for everyone',
   'When on, every user must enrol an authenticator app and enter its code at each sign-in; until they do, TLP:RED intelligence stays hidden from them and the app sends them to enrolment or to the code prompt.',
   'boolean', 'false');

create function private.mfa_requirement_met() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce((select s.value from public.settings s where s.key = 'security.require_mfa'), 'false'::jsonb) <> 'true'::jsonb then
    return true;
  end if;
  if coalesce((select auth.jwt()) ->> 'aal' in ('aal2', 'aal3') or (select auth.jwt()) ->> 'role' = 'service_role', false) then
    return true;
  end if;
  return coalesce(private.admin_mfa_verified(), false);
end
$$;
comment on function private.mfa_requirement_met() is
  'Whether the caller meets security.require_mfa: the setting is off, or this session passed a second factor (JWT aal2, or the admin TOTP); the service role always.';
revoke all on function private.mfa_requirement_met() from public, anon;
grant execute on function private.mfa_requirement_met() to authenticated, service_role;

-- PL/pgSQL as in 20261201140400 (its plan is kept for the session); the requirement is asked only
-- for a caller who has a RED group at all.
create or replace function private.caller_red_groups() returns uuid[]
language plpgsql stable security definer set search_path = '' as $$
declare
  groups uuid[];
begin
  groups := (select coalesce(array_agg(g.id), '{}') from public.group_members m join public.groups g on g.id = m.group_id
              where m.user_id = (select auth.uid()) and g.max_tlp = 'red');
  if cardinality(groups) > 0 and not private.mfa_requirement_met() then
    return '{}';
  end if;
  return groups;
end
$$;
comment on function private.caller_red_groups() is
  'The caller''s groups cleared for TLP:RED (the only ones an audience counts); none while security.require_mfa is on and this session has not passed a second factor.';

create function public.mfa_required() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.value from public.settings s where s.key = 'security.require_mfa'), 'false'::jsonb) = 'true'::jsonb
$$;
comment on function public.mfa_required() is
  'Whether security.require_mfa is on: the app then sends a signed-in user without a verified factor to enrolment, and one with a factor to the code prompt.';
revoke all on function public.mfa_required() from public, anon;
grant execute on function public.mfa_required() to authenticated;
