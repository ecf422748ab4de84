-- Sign-in throttling per account (issue 36 item 8): the auth service (supabase_auth_admin) records a
-- sign_in_throttled security event through the one function granted to it; API roles cannot call it,
-- nor report that type from the browser; the event names the account's user when there is one.
begin;
select plan(8);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-0000000380a1', 'authenticated', 'authenticated', 'guessed@test.local');

select is((select default_severity from private.security_event_types where event_type = 'sign_in_throttled'), 'high',
  'sign_in_throttled is a known event type of high severity');
select is((select client_reportable from private.security_event_types where event_type = 'sign_in_throttled'), false,
  'the browser cannot report it');
select ok(has_function_privilege('supabase_auth_admin', 'private.record_sign_in_throttled(text, text, integer, integer)', 'execute'),
  'the auth service may record it');
select ok(not has_function_privilege('authenticated', 'private.record_sign_in_throttled(text, text, integer, integer)', 'execute')
  and not has_function_privilege('anon', 'private.record_sign_in_throttled(text, text, integer, integer)', 'execute')
  and not has_function_privilege('service_role', 'private.record_sign_in_throttled(text, text, integer, integer)', 'execute'),
  'no API role may');
select ok(not has_function_privilege('supabase_auth_admin', 'private.record_security_event(text, jsonb, uuid, text, text)', 'execute'),
  'nor may the auth service record any other event');

set local role supabase_auth_admin;
-- As the auth service logs in (search_path auth, no pgTAP there): a known and an unknown email.
do $$ begin
  perform private.record_sign_in_throttled(' Guessed@Test.local ', '198.51.100.7', 5, 5);
  perform private.record_sign_in_throttled('nobody@test.local', '198.51.100.7', 6, 10);
end $$;
reset role;

select is((select count(*)::int from public.security_events where event_type = 'sign_in_throttled'
            and details ->> 'email' in ('guessed@test.local', 'nobody@test.local')), 2,
  'the auth service recorded both events');

select is(
  (select jsonb_build_object('user', user_id, 'source', source, 'severity', severity, 'details', details)
     from public.security_events where event_type = 'sign_in_throttled' and details ->> 'email' = 'guessed@test.local'),
  jsonb_build_object('user', '00000000-0000-4000-a000-0000000380a1', 'source', 'server', 'severity', 'high',
    'details', jsonb_build_object('email', 'guessed@test.local', 'address', '198.51.100.7', 'failures', 5, 'retry_after_seconds', 5)),
  'the event names the account''s user, the address, the count and the wait');
select is(
  (select user_id from public.security_events where event_type = 'sign_in_throttled' and details ->> 'email' = 'nobody@test.local'),
  null, 'an unknown email names no user');

select * from finish();
rollback;
