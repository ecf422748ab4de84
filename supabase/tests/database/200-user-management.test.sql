-- User Management: every function refuses anon, analysts, admins without MFA in this session and the
-- service role with the exact error; an admin with MFA lists users, changes roles and resets second
-- factors; the steps around the auth service (check, then record what the auth service did) for
-- create, disable, enable and sign-out; a ban or a sessions_revoked_at made by the auth service ends
-- the user's sessions; nobody demotes, disables or signs out themself, the last enabled admin stays;
-- audit rows are written in the acting transaction and a refused action writes none.
begin;
select plan(74);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'second-admin@test.local');
update auth.users set created_at = now() - interval '1 day';
insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-a000-00000000000a', 'admin'), ('00000000-0000-4000-a000-00000000000c', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values
  ('00000000-0000-4000-a000-00000000000a', '\x00', 'active'),
  ('00000000-0000-4000-a000-00000000000c', '\x00', 'active');
insert into private.admin_backup_codes (user_id, code_hash) values
  ('00000000-0000-4000-a000-00000000000c', 'x'), ('00000000-0000-4000-a000-00000000000c', 'y');
insert into auth.sessions (id, user_id, created_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now()),
  ('20000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000b', now()),
  ('30000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000c', now()),
  ('30000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-00000000000c', now());
insert into auth.refresh_tokens (instance_id, token, user_id, revoked, session_id) values
  ('00000000-0000-0000-0000-000000000000', 'rt-c-1', '00000000-0000-4000-a000-00000000000c', false, '30000000-0000-4000-a000-000000000001');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours'),
  ('30000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000c', now(), now() + interval '12 hours'),
  ('30000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-00000000000c', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set a '00000000-0000-4000-a000-00000000000a'
\set b '00000000-0000-4000-a000-00000000000b'
\set c '00000000-0000-4000-a000-00000000000c'
\set refused 'Only administrators with a verified second factor can manage users'

create temp table calls (name text, sql text);
insert into calls values
  ('admin_list_users', $$ select * from public.admin_list_users() $$),
  ('admin_check_user_action', $$ select public.admin_check_user_action('create', null, 'new@test.local') $$),
  ('admin_record_user_action', $$ select * from public.admin_record_user_action('enable', '00000000-0000-4000-a000-00000000000b') $$),
  ('admin_set_user_role', $$ select * from public.admin_set_user_role('00000000-0000-4000-a000-00000000000b', 'admin') $$),
  ('admin_reset_user_mfa', $$ select * from public.admin_reset_user_mfa('00000000-0000-4000-a000-00000000000c') $$);
grant select on calls to anon, authenticated, service_role;

select count(*) as user_count from auth.users where deleted_at is null \gset

-- Refusals, per role, with the exact error; none of them leaves an audit row.
select count(*)::int as audit_before from public.audit_trail \gset
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok(sql, '42501', 'permission denied for function ' || name, 'anon cannot call ' || name) from calls;
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(sql, '42501', :'refused', 'an analyst cannot call ' || name) from calls;
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(sql, '42501', :'refused', 'an admin without MFA in this session cannot call ' || name) from calls;
reset role;
set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select throws_ok(sql, '42501', 'permission denied for function ' || name, 'the service role cannot call ' || name) from calls;
reset role;
select is((select count(*)::int from public.audit_trail), :audit_before, 'the refused calls wrote no audit row');

-- The list.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(
  (select (role, mfa_status, backup_codes_left, disabled, active_sessions, is_self, total_count)::text
     from public.admin_list_users() where id = :'c'),
  format('(admin,active,2,f,2,f,%s)', :user_count),
  'an admin with MFA lists users with role, MFA state, codes, sessions and the total');
select is((select is_self from public.admin_list_users() where id = :'a'), true, 'the caller is marked as self');
select is((select (role, mfa_status)::text from public.admin_list_users() where id = :'b'), '(analyst,none)', 'an analyst has no second factor');
select is((select array_agg(email) from public.admin_list_users('ANALYST@TEST.')), array['analyst@test.local'], 'search matches the email, case-insensitively');
select is((select count(*)::int from public.admin_list_users('%')), 0, 'a % in the search is a literal');
select is((select array_agg(email order by email) from public.admin_list_users('@test.local', 1, 1)), array['analyst@test.local'], 'paging: limit 1 offset 1');
select throws_ok($$ select * from public.admin_list_users(null, 500) $$, '22023', 'A page holds 1 to 200 users', 'a page is at most 200 users');

-- Create: the check, the auth service's insert (as GoTrue makes it), then the record.
select lives_ok($$ select public.admin_check_user_action('create', null, ' New.Analyst@Test.local ') $$, 'an admin with MFA may create a user with a free address');
select throws_ok($$ select public.admin_check_user_action('create', null, 'ANALYST@test.local') $$, '23505', 'A user with this email already exists', 'an email is used once');
select throws_ok($$ select public.admin_check_user_action('create', null, 'not-an-email') $$, '22023', 'Enter a valid email address', 'a malformed email is refused');
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'promote', :'b'), '22023', 'Unknown user action: promote', 'an unknown action is refused');
reset role;
insert into auth.users (id, aud, role, email, created_at, raw_app_meta_data) values
  ('00000000-0000-4000-a000-00000000000d', 'authenticated', 'authenticated', 'new.analyst@test.local', now(),
   '{"password_change_required": true}');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select role from public.admin_record_user_action('create', '00000000-0000-4000-a000-00000000000d', 'admin')), 'admin'::public.app_role,
  'recording a new admin grants the role');
select throws_ok($$ select * from public.admin_record_user_action('create', '00000000-0000-4000-a000-00000000000d') $$, '22023', 'This user was not just created', 'a creation is recorded once');
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'create', :'b'), '22023', 'This user was not just created', 'an old user cannot be recorded as created');
reset role;
select is((select (actor_id, details, transaction_id = pg_current_xact_id())::text from public.audit_trail
             where action = 'user.created' and target_id = '00000000-0000-4000-a000-00000000000d'),
  '(00000000-0000-4000-a000-00000000000a,"{""role"": ""admin"", ""email"": ""new.analyst@test.local""}",t)',
  'user.created names the acting admin, the email and the role, in the acting transaction');
select is((select count(*)::int from public.audit_trail where action = 'user_role.created' and target_id = '00000000-0000-4000-a000-00000000000d'), 1,
  'the role grant is recorded by the table trigger');
select count(*)::int as audit_before from public.audit_trail \gset
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
-- Roles.
select throws_ok(format('select * from public.admin_set_user_role(%L, %L)', :'a', 'analyst'), '42501', 'You cannot change your own role', 'an admin cannot demote themself');
select throws_ok($$ select * from public.admin_set_user_role('00000000-0000-4000-a000-0000000000ff', 'admin') $$, '22023', 'No such user', 'an unknown user is an input error');
reset role;
select is((select count(*)::int from public.audit_trail), :audit_before, 'the refused actions wrote no audit row');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select role from public.admin_set_user_role(:'b', 'admin')), 'admin'::public.app_role, 'an analyst is promoted');
select is((select role from public.admin_set_user_role(:'b', 'analyst')), 'analyst'::public.app_role, 'and demoted again');
reset role;
select is((select array_agg(details::text order by id) from public.audit_trail where action = 'user.role_changed' and target_id = :'b'),
  array['{"to": "admin", "from": "analyst"}', '{"to": "analyst", "from": "admin"}'], 'each role change is recorded with from and to');
select is((select count(*)::int from public.audit_trail where action in ('user_role.created', 'user_role.deleted') and target_id = :'b'), 2,
  'the role rows themselves are recorded by the table trigger');

-- The last enabled admin stays: with every other admin, the caller included, disabled (by a console),
-- C is the only enabled one.
-- (Triggers off for this console edit: a ban would end the caller's own session.)
set local session_replication_role = replica;
update auth.users set banned_until = now() + interval '1 day'
 where id in (select user_id from public.user_roles where role = 'admin' and user_id <> :'c');
reset session_replication_role;
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select * from public.admin_set_user_role(%L, %L)', :'c', 'analyst'), '23514', 'At least one enabled administrator must remain', 'the last enabled admin cannot be demoted');
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'disable', :'c'), '23514', 'At least one enabled administrator must remain', 'the last enabled admin cannot be disabled');
reset role;
set local session_replication_role = replica;
update auth.users set banned_until = null where id = :'a';
reset session_replication_role;

-- Disable and enable: check, the auth service bans (its trigger ends the sessions), record.
select count(*)::int as audit_before from public.audit_trail \gset
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'disable', :'a'), '42501', 'You cannot disable yourself', 'an admin cannot disable themself');
select throws_ok(format('select public.admin_check_user_action(%L, %L)', 'sign_out', :'a'), '42501', 'Sign out your own other sessions from your profile', 'an admin signs themself out from the profile');
select lives_ok(format('select public.admin_check_user_action(%L, %L)', 'disable', :'b'), 'an analyst may be disabled');
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'disable', :'b'), '22023', 'This user is not disabled', 'a disable the auth service did not make cannot be recorded');
reset role;
select is((select count(*)::int from public.audit_trail), :audit_before, 'the refused record wrote no audit row');
set local role supabase_auth_admin;
update auth.users set banned_until = now() + interval '876000 hours' where id = :'b';
reset role;
select is((select count(*)::int from auth.sessions where user_id = :'b'), 0, 'a ban made by the auth service ends the user''s sessions');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select (disabled, active_sessions)::text from public.admin_record_user_action('disable', :'b')), '(t,0)', 'the disable is recorded');
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'enable', :'b'), '22023', 'This user is still disabled', 'an enable the auth service did not make cannot be recorded');
reset role;
select is((select count(*)::int from public.audit_trail where action = 'user.disabled' and target_id = :'b'), 1, 'user.disabled is in the trail');
set local role supabase_auth_admin;
update auth.users set banned_until = null where id = :'b';
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select disabled from public.admin_record_user_action('enable', :'b')), false, 'the enable is recorded');
reset role;
select is((select count(*)::int from public.audit_trail where action = 'user.enabled' and target_id = :'b'), 1, 'user.enabled is in the trail');

-- Ending a session ends the MFA verification bound to it.
delete from auth.sessions where id = '30000000-0000-4000-a000-000000000002';
select is((select count(*)::int from private.admin_mfa_sessions where session_id = '30000000-0000-4000-a000-000000000002'), 0,
  'deleting an auth session deletes its admin MFA verification');

-- Sign out everywhere: the auth service stamps app_metadata.sessions_revoked_at; its trigger ends them.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select * from public.admin_record_user_action(%L, %L)', 'sign_out', :'c'), '22023', 'This user''s sessions were not revoked', 'a sign-out the auth service did not make cannot be recorded');
reset role;
set local role supabase_auth_admin;
update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || jsonb_build_object('sessions_revoked_at', now()) where id = :'c';
reset role;
select is((select count(*)::int from auth.sessions where user_id = :'c'), 0, 'a new sessions_revoked_at ends every session');
select is((select count(*)::int from auth.refresh_tokens where user_id = :'c'), 0, 'and the refresh tokens');
select is((select count(*)::int from private.admin_mfa_sessions where user_id = :'c'), 0, 'and the MFA verifications');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select active_sessions from public.admin_record_user_action('sign_out', :'c')), 0, 'the sign-out is recorded');
reset role;
select is((select count(*)::int from public.audit_trail where action = 'user.signed_out' and target_id = :'c'), 1, 'user.signed_out is in the trail');
select is((select count(*)::int from public.security_events where event_type = 'user_sessions_revoked' and user_id = :'c'), 1, 'and a security event');

-- Reset a second factor.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('select * from public.admin_reset_user_mfa(%L)', :'a'), '42501', 'Reset your own second factor from your profile', 'an admin cannot reset their own second factor here');
select throws_ok(format('select * from public.admin_reset_user_mfa(%L)', :'b'), '22023', 'This user has no second factor to reset', 'an analyst has nothing to reset');
select is((select mfa_status from public.admin_reset_user_mfa(:'c')), 'none', 'a second factor is reset');
reset role;
select is((select count(*)::int from private.admin_totp where user_id = :'c'), 0, 'the TOTP enrolment is gone');
select is((select count(*)::int from private.admin_backup_codes where user_id = :'c'), 0, 'the backup codes are gone');
select is((select details from public.audit_trail where action = 'user.mfa_reset' and target_id = :'c'),
  '{"totp": "active", "backup_codes_removed": 2, "verified_sessions_ended": 0}'::jsonb, 'user.mfa_reset says what was removed');
select is((select count(*)::int from public.security_events where event_type = 'mfa_reset' and user_id = :'c'), 1, 'a reset is a security event');
select ok((select bool_and(transaction_id = pg_current_xact_id()) from public.audit_trail where target_type = 'user'
             and target_id like '00000000-0000-4000-a000-00000000000_'), 'every audit row belongs to the acting transaction');

-- Nobody reaches the helpers directly.
set local role authenticated;
select throws_ok(format('select private.check_user_action(%L, %L, null)', 'enable', :'c'), '42501', null, 'an API role cannot call the private helpers');

select * from finish();
rollback;
