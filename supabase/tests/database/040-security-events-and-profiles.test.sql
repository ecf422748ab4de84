-- log_security_violation refusals, and the allow/deny matrix of security_events, profiles,
-- user_roles and performance_reports for anon, analyst, admin without MFA, admin with MFA, service_role.
begin;
select plan(33);

insert into auth.users (id, aud, role, email, raw_user_meta_data) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local', '{}'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local', '{"display_name":"Ana Lyst"}');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into public.performance_reports (url, metrics, reported_at) values ('http://127.0.0.1:4173/', '{"domContentLoaded": 6000}', now());

\ir ../fixtures/claims.psql

select is((select display_name from public.profiles where id = '00000000-0000-4000-a000-00000000000b'), 'Ana Lyst', 'a profile is created with the auth user');
select is((select display_name from public.profiles where id = '00000000-0000-4000-a000-00000000000a'), 'admin', 'the display name defaults to the e-mail''s local part');

-- anon: nothing.
set local role anon;
select throws_ok($$ select public.log_security_violation('devtools_opened', '{}') $$, '42501', null, 'anon cannot report events');
select throws_ok($$ select * from public.security_events $$, '42501', null, 'anon cannot read events');
select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ select * from public.user_roles $$, '42501', null, 'anon cannot read roles');
select throws_ok($$ select * from public.performance_reports $$, '42501', null, 'anon cannot read performance reports');
reset role;

-- analyst: reports events, reads only their own profile and roles, nothing else.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(public.log_security_violation('injection_attempt', '{"value":"<script>alert(1)</script>"}') ->> 'logged', 'true', 'an analyst reports an injection attempt');
select throws_ok($$ select public.log_security_violation('made_up', '{}') $$, '22023', 'Unknown security event type: made_up', 'unknown event types are refused');
select throws_ok($$ select public.log_security_violation('mfa_lockout', '{}') $$, '22023', null, 'server-only event types cannot be reported by clients');
select throws_ok($$ select public.log_security_violation('bot_detected', '[1,2]') $$, '22023', 'Event details must be a JSON object', 'details must be an object');
select throws_ok(format('select public.log_security_violation(%L, %L::jsonb)', 'bot_detected', json_build_object('blob', repeat('x', 5000))), '22023', 'Event details are larger than 4096 bytes', 'oversized details are refused');
select throws_ok($$ select public.log_security_violation('bot_detected', E'{"nul":"a\\u0000b"}'::jsonb) $$, '22P05', null, 'NUL bytes are refused');
select is((select count(*)::int from public.security_events), 0, 'an analyst cannot read security events');
select is((select count(*)::int from public.profiles), 1, 'an analyst reads only their own profile');
select is((select count(*)::int from public.user_roles), 0, 'an analyst has no role rows to read');
select is((select count(*)::int from public.performance_reports), 0, 'an analyst reads no performance reports');
select lives_ok($$ update public.profiles set display_name = 'Analyst One' where id = '00000000-0000-4000-a000-00000000000b' $$, 'an analyst renames themselves');
select throws_ok($$ update public.profiles set email = 'x@evil.test' $$, '42501', null, 'an analyst cannot change their e-mail copy');
select throws_ok($$ insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000b', 'admin') $$, '42501', null, 'an analyst cannot make themselves admin');
select throws_ok($$ insert into public.security_events (event_type, severity) values ('bot_detected', 'low') $$, '42501', null, 'events are written only through the RPC');
update public.profiles set display_name = 'hijacked' where id = '00000000-0000-4000-a000-00000000000a';
reset role;
select is((select display_name from public.profiles where id = '00000000-0000-4000-a000-00000000000a'), 'admin', 'an analyst cannot rename someone else');
select is((select details ->> 'value' from public.security_events where event_type = 'injection_attempt'), '<script>alert(1)</script>', 'reported details are stored raw');

-- Per-user rate limit: 30 reports a minute.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select public.log_security_violation('devtools_opened', '{}') from generate_series(1, 29);
select throws_ok($$ select public.log_security_violation('devtools_opened', '{}') $$, 'PT429', null, 'the 31st report within a minute is refused with 429');

-- admin without MFA in this session: like an analyst.
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.security_events), 0, 'an admin without MFA reads no security events');
select is((select count(*)::int from public.profiles), 1, 'an admin without MFA reads only their own profile');
reset role;

insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

-- admin with MFA: reads everything, still changes nothing directly.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select cmp_ok((select count(*)::int from public.security_events), '>=', 30, 'an admin with MFA reads security events');
select is((select count(*)::int from public.profiles), 2, 'an admin with MFA reads every profile');
select is((select count(*)::int from public.performance_reports), 1, 'an admin with MFA reads performance reports');
select throws_ok($$ delete from public.security_events $$, '42501', null, 'nobody deletes security events');
select throws_ok($$ update public.security_events set severity = 'low' $$, '42501', null, 'nobody rewrites security events');
reset role;

-- service role: writes reports and events; cannot delete events either.
set local role service_role;
select lives_ok($$ insert into public.performance_reports (url, metrics, reported_at) values ('http://x/', '{}', now()) $$, 'the service role stores performance reports');
select throws_ok($$ delete from public.security_events $$, '42501', null, 'the service role cannot delete security events');
reset role;

select * from finish();
rollback;
