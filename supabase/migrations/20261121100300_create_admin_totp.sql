-- Admin two-factor: TOTP secrets (encrypted, pending until the first valid code), single-use backup
-- codes (bcrypt), lockout, replay protection, and verification bound to the JWT's session_id.
-- Nothing here is readable by an API role; only the RPCs at the end are callable.

create table private.encryption_keys (
  name text primary key,
  key text not null
);
comment on table private.encryption_keys is 'Symmetric keys generated per database; never granted to API roles.';
alter table private.encryption_keys enable row level security;
revoke all on private.encryption_keys from public, anon, authenticated, service_role;
insert into private.encryption_keys (name, key)
values ('admin_totp', encode(extensions.gen_random_bytes(32), 'base64'));

create table private.admin_totp (
  user_id uuid primary key references auth.users (id) on delete cascade,
  secret_enc bytea not null,
  status text not null check (status in ('pending', 'active')),
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  last_used_step bigint not null default -1,
  failed_count int not null default 0 check (failed_count >= 0),
  locked_until timestamptz
);
comment on table private.admin_totp is 'One TOTP secret per admin, encrypted; pending until the first valid code.';

create table private.admin_backup_codes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
comment on table private.admin_backup_codes is 'Single-use backup codes, stored as bcrypt hashes.';
create index admin_backup_codes_user_id_idx on private.admin_backup_codes (user_id) where used_at is null;

create table private.admin_mfa_sessions (
  session_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  verified_at timestamptz not null,
  expires_at timestamptz not null
);
comment on table private.admin_mfa_sessions is 'Sessions (JWT session_id) in which an admin passed the second factor, with expiry.';
create index admin_mfa_sessions_user_id_idx on private.admin_mfa_sessions (user_id);

alter table private.admin_totp enable row level security;
alter table private.admin_backup_codes enable row level security;
alter table private.admin_mfa_sessions enable row level security;
revoke all on private.admin_totp, private.admin_backup_codes, private.admin_mfa_sessions
  from public, anon, authenticated, service_role;

create function private.jwt_session_id() returns uuid
language plpgsql stable set search_path = '' as $$
begin
  return nullif((select auth.jwt()) ->> 'session_id', '')::uuid;
exception when invalid_text_representation then
  return null;
end
$$;
comment on function private.jwt_session_id() is 'The session_id claim of the request JWT, or null.';

-- True for an admin whose active second factor was verified in this very session, within 12 hours.
create function private.admin_mfa_verified() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.has_role('admin') and exists (
    select 1
      from private.admin_mfa_sessions s
      join private.admin_totp t on t.user_id = s.user_id and t.status = 'active'
     where s.session_id = private.jwt_session_id()
       and s.user_id = (select auth.uid())
       and s.expires_at > now()
  )
$$;
comment on function private.admin_mfa_verified() is 'Whether the caller is an admin who passed TOTP in this session (12 h).';

revoke all on function private.jwt_session_id() from public, anon;
revoke all on function private.admin_mfa_verified() from public, anon;
grant execute on function private.jwt_session_id(), private.admin_mfa_verified() to authenticated, service_role;

create function private.totp_secret(_user_id uuid) returns bytea
language sql stable security definer set search_path = '' as $$
  select private.base32_decode(extensions.pgp_sym_decrypt(t.secret_enc, k.key))
    from private.admin_totp t, private.encryption_keys k
   where t.user_id = _user_id and k.name = 'admin_totp'
$$;
comment on function private.totp_secret(uuid) is 'Decrypted TOTP secret bytes of a user; internal to the RPCs.';
revoke all on function private.totp_secret(uuid) from public, anon, authenticated, service_role;

-- Ten backup codes like "K7QXM-2DPRA" (50 bits each from the CSPRNG; 256 % 32 = 0 keeps it unbiased).
create function private.new_backup_code() returns text
language plpgsql volatile set search_path = '' as $$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  bytes bytea := extensions.gen_random_bytes(10);
  code text := '';
begin
  for i in 0 .. 9 loop
    code := code || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
  end loop;
  return substr(code, 1, 5) || '-' || substr(code, 6, 5);
end
$$;
revoke all on function private.new_backup_code() from public, anon, authenticated, service_role;

create function public.setup_admin_totp(_secret text, _verification_code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  existing text;
  codes text[] := '{}';
  code text;
begin
  if uid is null or not private.has_role('admin') then
    raise exception 'Admin validation required' using errcode = '42501';
  end if;
  if _secret is null or _secret !~ '^[A-Z2-7]{32}$' then
    raise exception 'Invalid TOTP secret: expected 32 characters of the base32 alphabet (A-Z, 2-7)' using errcode = '22023';
  end if;
  if _verification_code is null or _verification_code !~ '^[0-9]{6}$' then
    raise exception 'Invalid verification code: expected 6 digits' using errcode = '22023';
  end if;
  select status into existing from private.admin_totp where user_id = uid for update;
  if existing = 'active' and not private.admin_mfa_verified() then
    raise exception 'Re-enrolling two-factor authentication requires a current verification' using errcode = '42501';
  end if;

  insert into private.admin_totp (user_id, secret_enc, status)
  select uid, extensions.pgp_sym_encrypt(_secret, k.key), 'pending'
    from private.encryption_keys k where k.name = 'admin_totp'
  on conflict (user_id) do update
    set secret_enc = excluded.secret_enc, status = 'pending', created_at = now(), activated_at = null,
        last_used_step = -1, failed_count = 0, locked_until = null;
  delete from private.admin_mfa_sessions where user_id = uid;
  delete from private.admin_backup_codes where user_id = uid;
  for i in 1 .. 10 loop
    code := private.new_backup_code();
    codes := codes || code;
    insert into private.admin_backup_codes (user_id, code_hash)
    values (uid, extensions.crypt(code, extensions.gen_salt('bf', 10)));
  end loop;
  perform private.record_security_event('mfa_setup', jsonb_build_object('re_enrolment', existing is not null), uid);
  return jsonb_build_object('success', true, 'backup_codes', to_jsonb(codes));
end
$$;
comment on function public.setup_admin_totp(text, text) is 'Admin stores a new TOTP secret (pending until the first valid code) and receives 10 single-use backup codes once.';

create function private.mfa_result(_success boolean, _backup_used boolean, _user_id uuid, _reason text default null)
returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'success', _success,
    'backup_code_used', _backup_used,
    'remaining_backup_codes', (select count(*) from private.admin_backup_codes c where c.user_id = _user_id and c.used_at is null),
    'reason', _reason
  ))
$$;
revoke all on function private.mfa_result(boolean, boolean, uuid, text) from public, anon, authenticated, service_role;

-- Failures are returned, not raised: the request's transaction must commit the failure count.
create function public.verify_admin_totp(_code text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  session uuid := private.jwt_session_id();
  totp private.admin_totp;
  candidate text := upper(regexp_replace(coalesce(_code, ''), '[\s]', '', 'g'));
  secret bytea;
  now_step bigint := private.totp_current_step();
  matched_step bigint;
  replayed boolean := false;
  backup_id bigint;
  failure_reason text;
begin
  if uid is null or not private.has_role('admin') then
    raise exception 'Admin validation required' using errcode = '42501';
  end if;
  if session is null then
    raise exception 'A signed-in session is required' using errcode = '42501';
  end if;
  select * into totp from private.admin_totp where user_id = uid for update;
  if not found then
    return private.mfa_result(false, false, uid, 'mfa_setup_required');
  end if;
  if totp.locked_until is not null and totp.locked_until > now() then
    perform private.record_security_event('mfa_verification_failed',
      jsonb_build_object('reason', 'locked', 'locked_until', totp.locked_until), uid);
    return private.mfa_result(false, false, uid, 'locked');
  end if;

  if candidate ~ '^[0-9]{6}$' then
    secret := private.totp_secret(uid);
    for step in now_step - 1 .. now_step + 1 loop
      if private.totp_code(secret, step) = candidate then
        if step > totp.last_used_step then
          matched_step := step;
        else
          replayed := true;
        end if;
      end if;
    end loop;
  elsif candidate ~ '^[A-Z2-7]{5}-?[A-Z2-7]{5}$' and totp.status = 'active' then
    candidate := substr(replace(candidate, '-', ''), 1, 5) || '-' || substr(replace(candidate, '-', ''), 6, 5);
    select c.id into backup_id from private.admin_backup_codes c
     where c.user_id = uid and c.used_at is null and c.code_hash = extensions.crypt(candidate, c.code_hash)
     limit 1;
  end if;

  if matched_step is not null or backup_id is not null then
    update private.admin_totp
       set last_used_step = greatest(last_used_step, coalesce(matched_step, last_used_step)),
           failed_count = 0, locked_until = null, status = 'active', activated_at = coalesce(activated_at, now())
     where user_id = uid;
    if backup_id is not null then
      update private.admin_backup_codes set used_at = now() where id = backup_id;
      perform private.record_security_event('mfa_backup_code_used', '{}'::jsonb, uid);
    end if;
    insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
    values (session, uid, now(), now() + interval '12 hours')
    on conflict (session_id) do update
      set user_id = excluded.user_id, verified_at = excluded.verified_at, expires_at = excluded.expires_at;
    return private.mfa_result(true, backup_id is not null, uid);
  end if;

  failure_reason := case when replayed then 'replayed' else 'invalid_code' end;
  update private.admin_totp
     set failed_count = failed_count + 1,
         locked_until = case when failed_count + 1 >= 5 then now() + interval '15 minutes' else locked_until end
   where user_id = uid
  returning * into totp;
  perform private.record_security_event('mfa_verification_failed',
    jsonb_build_object('reason', failure_reason, 'failed_count', totp.failed_count), uid);
  if totp.failed_count >= 5 then
    update private.admin_totp set failed_count = 0 where user_id = uid;
    perform private.record_security_event('mfa_lockout', jsonb_build_object('locked_until', totp.locked_until), uid);
    return private.mfa_result(false, false, uid, 'locked');
  end if;
  return private.mfa_result(false, false, uid, failure_reason);
end
$$;
comment on function public.verify_admin_totp(text) is 'Checks a TOTP (steps s-1..s+1, no replay) or a backup code; 5 failures lock for 15 minutes; success binds this session for 12 hours.';

create function public.validate_admin_access() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  totp_status text;
begin
  if uid is null then
    return jsonb_build_object('authorized', false, 'reason', 'not_authenticated');
  end if;
  if not private.has_role('admin') then
    return jsonb_build_object('authorized', false, 'reason', 'not_admin');
  end if;
  select status into totp_status from private.admin_totp where user_id = uid;
  if totp_status is distinct from 'active' then
    return jsonb_build_object('authorized', false, 'reason', 'mfa_setup_required');
  end if;
  if not private.admin_mfa_verified() then
    return jsonb_build_object('authorized', false, 'reason', 'mfa_required');
  end if;
  return jsonb_build_object('authorized', true, 'reason', null);
end
$$;
comment on function public.validate_admin_access() is 'Whether the caller is an admin with active TOTP verified in this session; reason otherwise.';

revoke all on function public.setup_admin_totp(text, text) from public, anon;
revoke all on function public.verify_admin_totp(text) from public, anon;
revoke all on function public.validate_admin_access() from public, anon;
grant execute on function public.setup_admin_totp(text, text) to authenticated;
grant execute on function public.verify_admin_totp(text) to authenticated;
grant execute on function public.validate_admin_access() to authenticated;

-- One SELECT policy per table: own rows, or every row for an admin who passed MFA in this session.
create policy "Users read their own roles; admins with MFA read all" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()) or (select private.admin_mfa_verified()));
create policy "Users read their own profile; admins with MFA read all" on public.profiles
  for select to authenticated using (id = (select auth.uid()) or (select private.admin_mfa_verified()));
create policy "Admins with MFA read security events" on public.security_events
  for select to authenticated using ((select private.admin_mfa_verified()));
