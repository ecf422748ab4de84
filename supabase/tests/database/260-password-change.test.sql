-- One-time passwords: a token of a user who must still choose a password runs as
-- password_change_pending, which can read, write or call nothing the API exposes (deny by default,
-- so tables added later are covered too); an admin's password reset is checked before (not oneself)
-- and verified after (the flag is set and every session ended) and leaves an audit row; a new user
-- recorded without the flag is refused.
begin;
select plan(19);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
update auth.users set created_at = now() - interval '1 day';
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into auth.sessions (id, user_id, created_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now()),
  ('20000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000b', now() - interval '1 hour');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set a '00000000-0000-4000-a000-00000000000a'
\set b '00000000-0000-4000-a000-00000000000b'

-- The gate: the role exists, the API's login role may switch to it, and it holds nothing.
select has_role('password_change_pending', 'the pending-password role exists');
select ok(pg_has_role('authenticator', 'password_change_pending', 'member'), 'the API switches to it for such a token');
select is(
  (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'auth', 'storage', 'realtime', 'private')
      and c.relkind in ('r', 'v', 'm', 'p', 'f')
      and (has_table_privilege('password_change_pending', c.oid, 'select')
        or has_table_privilege('password_change_pending', c.oid, 'insert')
        or has_table_privilege('password_change_pending', c.oid, 'update')
        or has_table_privilege('password_change_pending', c.oid, 'delete'))),
  0, 'it can read or write no table or view of the API, auth, storage, realtime or private schemas');
select is(
  (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private', 'storage', 'realtime')
      and has_function_privilege('password_change_pending', p.oid, 'execute')
      and has_schema_privilege('password_change_pending', n.oid, 'usage')),
  0, 'it can call no function of the API (not even the security-definer RPCs that bypass RLS)');

-- pgTAP itself is out of the role's reach, so each statement switches to it inside the check.
create function pg_temp.as_pending(_sql text) returns void language plpgsql as $$
begin
  set local role password_change_pending;
  perform set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-a000-00000000000b","role":"password_change_pending"}', true);
  execute _sql;
end
$$;
select throws_ok($$ select pg_temp.as_pending('select count(*) from public.profiles') $$, '42501', null, 'such a token cannot read profiles');
select throws_ok($$ select pg_temp.as_pending('select count(*) from public.indicators') $$, '42501', null, 'nor intelligence');
select throws_ok($$ select pg_temp.as_pending('select public.validate_admin_access()') $$, '42501', null, 'nor call an RPC');
select is(current_user::text, 'supabase_admin', 'the checks ran as the pending role only inside themselves');

-- The reset: step 1 refuses oneself, allows another user.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'reset_password', :'a'), '42501',
  'Change your own password from your profile', 'an admin does not reset their own password here');
select lives_ok(format('select public.admin_check_user_action(%L, %L)', 'reset_password', :'b'), 'an analyst''s password may be reset');
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'reset_password', :'b'), '42501',
  'Only administrators with a verified second factor can manage users', 'an analyst cannot reset passwords');

-- Step 3 refuses a reset the auth service did not make: sessions still open, then no flag.
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select count(*)::int as audit_before from public.audit_trail \gset
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'reset_password', :'b'), '22023',
  'This user''s sessions were not revoked', 'a reset whose sessions live on cannot be recorded');
reset role;
set local role supabase_auth_admin;
update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || jsonb_build_object('sessions_revoked_at', now()) where id = :'b';
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'reset_password', :'b'), '22023',
  'The user was not asked to choose a new password', 'a reset without the password-change flag cannot be recorded');
reset role;
select is((select count(*)::int from public.audit_trail), :audit_before, 'the refused records wrote no audit row');

-- What the auth service does on a reset: new password, flag, sessions_revoked_at, in one update.
set local role supabase_auth_admin;
update auth.users set raw_app_meta_data = raw_app_meta_data
  || jsonb_build_object('sessions_revoked_at', now(), 'password_change_required', true) where id = :'b';
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select active_sessions from public.admin_record_user_action('reset_password', :'b')), 0, 'the reset is recorded');
reset role;
select is((select (actor_id, details ? 'revoked_at')::text from public.audit_trail
            where action = 'user.password_reset' and target_id = :'b'), format('(%s,t)', :'a'),
  'user.password_reset names the acting admin');
select is((select details ->> 'reason' from public.security_events
            where event_type = 'user_sessions_revoked' and user_id = :'b'), 'password_reset', 'and a security event says why the sessions ended');

-- A new user recorded without the flag: the one-time password would not be one-time.
insert into auth.users (id, aud, role, email, created_at) values
  ('00000000-0000-4000-a000-00000000000e', 'authenticated', 'authenticated', 'no-flag@test.local', now());
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ select * from public.admin_record_user_action('create', '00000000-0000-4000-a000-00000000000e') $$, '22023',
  'A new user must be asked to choose a password at first sign-in', 'a creation without the flag is refused');
reset role;
select is((select count(*)::int from public.audit_trail where target_id = '00000000-0000-4000-a000-00000000000e'), 0,
  'and leaves no audit row');

select * from finish();
rollback;
