-- Profile and Admin dashboard: the caller's own account and sessions, an ended session dropping its
-- admin second factor, backup code renewal behind a fresh TOTP code, the dashboard aggregates, and
-- the service health history; each as anon, analyst, admin without MFA and admin with MFA.
begin;
select plan(54);

insert into auth.users (id, aud, role, email, encrypted_password) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local', ''),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local', ''),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'other@test.local', '');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
update public.profiles set display_name = 'Ann Analyst' where id = '00000000-0000-4000-a000-00000000000b';

\set secret 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
insert into private.admin_totp (user_id, secret_enc, status, activated_at)
select '00000000-0000-4000-a000-00000000000a', extensions.pgp_sym_encrypt(:'secret', k.key), 'active', now()
  from private.encryption_keys k where k.name = 'admin_totp';
insert into private.admin_backup_codes (user_id, code_hash)
select '00000000-0000-4000-a000-00000000000a', extensions.crypt('AAAAA-BBBBB', extensions.gen_salt('bf', 4));
-- Two sessions of the analyst, one of another user, and the admin's verified session.
insert into auth.sessions (id, user_id, created_at, updated_at, refreshed_at, user_agent, ip) values
  ('20000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000b', now() - interval '2 hours', now(), (now() at time zone 'UTC'), 'Browser One', '192.0.2.1'),
  ('20000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-00000000000b', now() - interval '1 day', now(), null, 'Browser Two', '192.0.2.2'),
  ('30000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000c', now(), now(), null, 'Other', '192.0.2.3'),
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now(), null, 'Admin', '192.0.2.4'),
  ('10000000-0000-4000-a000-000000000004', '00000000-0000-4000-a000-00000000000a', now(), now(), null, 'Admin 2', '192.0.2.5');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours'),
  ('10000000-0000-4000-a000-000000000004', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql

-- Anonymous callers reach none of it.
set local role anon;
select throws_ok($$ select * from public.my_account() $$, '42501', null, 'anon cannot read an account');
select throws_ok($$ select * from public.my_sessions() $$, '42501', null, 'anon cannot list sessions');
select throws_ok($$ select * from public.regenerate_admin_backup_codes('123456') $$, '42501', null, 'anon cannot renew backup codes');
select throws_ok($$ select * from public.admin_security_event_counts() $$, '42501', null, 'anon cannot count security events');
select throws_ok($$ select * from public.report_service_health('healthy', 'healthy', 'healthy', 'healthy') $$, '42501', null, 'anon cannot report health');
select throws_ok($$ select * from public.service_health_reports $$, '42501', null, 'anon cannot read health reports');
reset role;

-- The analyst: their own account and sessions only.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select email, display_name, is_admin, mfa_status, mfa_verified_this_session, backup_codes_left from public.my_account() $$,
  $$ values ('analyst@test.local'::text, 'Ann Analyst'::text, false, 'none'::text, false, 0) $$,
  'an analyst reads their own account: no role, no second factor'
);
select results_eq(
  $$ select user_agent, ip, is_current from public.my_sessions() $$,
  $$ values ('Browser One'::text, '192.0.2.1'::text, true), ('Browser Two'::text, '192.0.2.2'::text, false) $$,
  'an analyst lists their own two sessions, most recently used first, this one marked'
);
select throws_ok($$ select * from public.regenerate_admin_backup_codes('123456') $$, '42501', 'Admin validation required', 'an analyst cannot renew backup codes');
select throws_ok($$ select * from public.admin_security_event_counts() $$, '42501', 'Admin privileges required', 'an analyst cannot count security events');
select throws_ok($$ select * from public.admin_security_event_types() $$, '42501', 'Admin privileges required', 'an analyst cannot list event types');
select throws_ok($$ select * from public.admin_audit_facets() $$, '42501', 'Admin privileges required', 'an analyst cannot read audit facets');
select throws_ok($$ select * from public.admin_service_health_history() $$, '42501', 'Admin privileges required', 'an analyst cannot read the health history');
select is((select stored from public.report_service_health('healthy', 'degraded', 'healthy', 'healthy')), true, 'a first health report is stored');
select is((select stored from public.report_service_health('healthy', 'degraded', 'healthy', 'healthy')), false, 'the same result again is not stored');
select throws_ok($$ select * from public.report_service_health('fine', 'healthy', 'healthy', 'healthy') $$, '22023', null, 'an unknown status is refused');
select throws_ok($$ select * from public.report_service_health(null, 'healthy', 'healthy', 'healthy') $$, '22023', null, 'a missing status is refused');
select is((select count(*)::int from public.service_health_reports), 0, 'an analyst reads no health report, not even their own');
select throws_ok($$ insert into public.service_health_reports (database, realtime, auth, storage) values ('down', 'down', 'down', 'down') $$, '42501', null, 'an analyst cannot write health reports directly');
reset role;
select is((select count(*)::int from public.service_health_reports where user_id = '00000000-0000-4000-a000-00000000000b'), 1, 'one report of the analyst is stored');

-- Ending sessions (as the auth service does) drops only those sessions' admin second factor.
delete from auth.sessions where id = '10000000-0000-4000-a000-000000000004';
select results_eq(
  $$ select session_id from private.admin_mfa_sessions where user_id = '00000000-0000-4000-a000-00000000000a' $$,
  $$ values ('10000000-0000-4000-a000-000000000003'::uuid) $$,
  'an ended session loses its admin verification; the others keep theirs'
);
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-4000-a000-00000000000a","role":"authenticated","session_id":"10000000-0000-4000-a000-000000000004"}', true);
select is(public.validate_admin_access() ->> 'reason', 'mfa_required', 'a token of the ended session is no longer an admin with MFA');
reset role;

-- The admin without MFA in this session: their account, but no renewal and no dashboard.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select results_eq(
  $$ select is_admin, mfa_status, mfa_verified_this_session, backup_codes_left from public.my_account() $$,
  $$ values (true, 'active'::text, false, 1) $$,
  'an admin reads their second-factor state and backup codes left'
);
select throws_ok($$ select * from public.regenerate_admin_backup_codes('123456') $$, '42501', 'Verify your second factor in this session first', 'renewal needs a verified session');
select throws_ok($$ select * from public.admin_security_event_counts() $$, '42501', 'Admin privileges required', 'the dashboard needs MFA in this session');
select is((select count(*)::int from public.my_sessions() where is_current), 0, 'a token whose session is not listed marks no session as this one');
reset role;

-- The admin with MFA renews the backup codes with a fresh TOTP code.
select private.totp_code(private.base32_decode(:'secret'), private.totp_current_step()) as code_now,
       private.totp_code(private.base32_decode(:'secret'), private.totp_current_step() - 3) as code_old \gset
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select results_eq(
  format('select success, reason from public.regenerate_admin_backup_codes(%L)', :'code_old'),
  $$ values (false, 'invalid_code'::text) $$,
  'a code three steps old is refused'
);
select results_eq(
  $$ select success, reason from public.regenerate_admin_backup_codes('AAAAA-BBBBB') $$,
  $$ values (false, 'invalid_code'::text) $$,
  'a backup code cannot renew the backup codes'
);
create temp table renewal on commit drop as
  select * from public.regenerate_admin_backup_codes(:'code_now');
select is((select success from renewal), true, 'the current TOTP code renews the codes');
select is((select cardinality(backup_codes) from renewal), 10, 'ten new codes are answered');
select ok((select bool_and(c ~ '^[A-Z2-7]{5}-[A-Z2-7]{5}$') from renewal, unnest(backup_codes) c), 'the new codes have the documented format');
select results_eq(
  format('select success, reason from public.regenerate_admin_backup_codes(%L)', :'code_now'),
  $$ values (false, 'replayed'::text) $$,
  'the same TOTP code cannot be used twice'
);
select is((select backup_codes_left from public.my_account()), 10, 'ten codes are left');
select is(public.verify_admin_totp('AAAAA-BBBBB') ->> 'success', 'false', 'an old backup code no longer works');
select is(public.verify_admin_totp((select backup_codes[1] from renewal)) ->> 'success', 'true', 'a new backup code works');
select is((select backup_codes_left from public.my_account()), 9, 'the used new code is spent');
reset role;
select is((select failed_count from private.admin_totp where user_id = '00000000-0000-4000-a000-00000000000a'), 0, 'a success resets the failure count');
select is(
  (select count(*)::int from public.security_events where event_type = 'mfa_verification_failed'
     and details ->> 'context' = 'backup_code_renewal'),
  3, 'each refused renewal is a security event'
);
select is(
  (select (details ->> 'count')::int from public.security_events where event_type = 'mfa_backup_codes_regenerated'),
  10, 'the renewal is a security event'
);
select is(
  (select (actor_role, target_id, (details ->> 'unused_codes_replaced')::int) from public.audit_trail where action = 'mfa.backup_codes_regenerated'),
  ('admin'::text, '00000000-0000-4000-a000-00000000000a'::text, 1),
  'the renewal leaves one audit row naming the admin and what it replaced'
);

-- Five wrong codes lock the factor, and renewal then answers locked.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(
  (select reason from public.regenerate_admin_backup_codes('000000')), 'invalid_code', 'a wrong code is refused'
);
select is((select reason from public.regenerate_admin_backup_codes('000001')), 'invalid_code', 'the second wrong code is refused');
select is((select reason from public.regenerate_admin_backup_codes('000002')), 'invalid_code', 'the third wrong code is refused');
select is((select reason from public.regenerate_admin_backup_codes('000003')), 'invalid_code', 'the fourth wrong code is refused');
select is(
  (select reason from public.regenerate_admin_backup_codes('000004')), 'locked', 'the fifth wrong code locks the second factor'
);
select is((select reason from public.regenerate_admin_backup_codes(:'code_now')), 'locked', 'a locked factor renews nothing');
reset role;
update private.admin_totp set locked_until = null where user_id = '00000000-0000-4000-a000-00000000000a';

-- The admin with MFA reads the dashboard aggregates.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(
  (select sum(events)::int from public.admin_security_event_counts(14, 'mfa_verification_failed', 'high')),
  (select count(*)::int from public.security_events where event_type = 'mfa_verification_failed'),
  'the event counts include the events of this test'
);
select is(
  (select sum(events)::int from public.admin_security_event_counts(1, 'mfa_backup_codes_regenerated')),
  1, 'the counts filter by type'
);
select is(
  (select count(*)::int from public.admin_security_event_counts(14, null, 'low')),
  0, 'the counts filter by severity'
);
select throws_ok($$ select * from public.admin_security_event_counts(0) $$, '22023', null, 'a window of 0 days is refused');
select ok(
  exists (select 1 from public.admin_security_event_types() where event_type = 'mfa_backup_codes_regenerated' and not client_reportable),
  'the event types include the renewal, which clients cannot report'
);
select ok(
  exists (select 1 from public.admin_audit_facets() where facet = 'action' and value = 'mfa.backup_codes_regenerated'),
  'the audit facets list the renewal action'
);
select is(
  (select (healthy, degraded) from public.admin_service_health_history(7) where service = 'realtime'),
  (0::bigint, 1::bigint), 'the health history counts the analyst''s degraded realtime'
);
select is((select count(*)::int from public.service_health_reports), 1, 'an admin with MFA reads the health reports');
reset role;

select * from finish();
rollback;
