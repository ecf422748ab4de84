-- An admin who left two-factor setup and came back was offered "Start setup" again, and starting
-- replaced the pending secret and backup codes without a word. While the reason is
-- mfa_setup_required, the answer now carries `pending_since`: when the pending secret was stored, so
-- the app can offer to finish that enrolment with a code or say that starting again replaces it.
-- setup_admin_totp keeps deciding what a new enrolment replaces; this only reports the state.
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
comment on function public.validate_admin_access() is 'Whether the caller is an admin with active TOTP verified in this session; reason otherwise, and since when an enrolment is pending.';
