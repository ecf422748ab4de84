-- Admin TOTP: setup (pending until the first code), verification window, replay, backup codes,
-- lockout after 5 failures, session binding, validate_admin_access reasons, and refusals.
begin;
select plan(36);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

\ir ../fixtures/claims.psql
\set admin_other_session '{"sub":"00000000-0000-4000-a000-00000000000a","role":"authenticated","session_id":"10000000-0000-4000-a000-000000000002"}'
\set secret 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

-- An analyst is refused everywhere.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(public.validate_admin_access(), '{"authorized": false, "reason": "not_admin"}'::jsonb, 'an analyst is not_admin');
select throws_ok(format('select public.setup_admin_totp(%L, %L)', :'secret', '000000'), '42501', 'Admin validation required', 'an analyst cannot set up TOTP');
select throws_ok($$ select public.verify_admin_totp('123456') $$, '42501', 'Admin validation required', 'an analyst cannot verify TOTP');

-- The admin before setup.
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.validate_admin_access(), '{"authorized": false, "reason": "mfa_setup_required"}'::jsonb, 'an admin without TOTP must set it up');
select is(public.verify_admin_totp('123456') ->> 'reason', 'mfa_setup_required', 'verify before setup says setup is required');
select throws_ok($$ select public.setup_admin_totp('short', '000000') $$, '22023', null, 'a malformed secret is refused');
select throws_ok($$ select public.setup_admin_totp('jbswy3dpehpk3pxpjbswy3dpehpk3pxp', '000000') $$, '22023', null, 'a lower-case secret is refused');
select throws_ok(format('select public.setup_admin_totp(%L, %L)', :'secret', '12345'), '22023', null, 'a 5-digit verification code is refused');

-- Setup: pending, 10 codes shown once.
create temp table setup_result on commit drop as select public.setup_admin_totp(:'secret', '000000') as r;
select is((select (r ->> 'success')::boolean from setup_result), true, 'setup succeeds');
select is((select jsonb_array_length(r -> 'backup_codes') from setup_result), 10, 'setup returns 10 backup codes');
select ok((select bool_and(c ~ '^[A-Z2-7]{5}-[A-Z2-7]{5}$') from setup_result, jsonb_array_elements_text(r -> 'backup_codes') c), 'backup codes have the documented format');
select is(public.validate_admin_access() ->> 'reason', 'mfa_setup_required', 'a pending secret is not yet active');
select throws_ok($$ select * from private.admin_totp $$, '42501', null, 'the secret table is not readable by API roles');
select throws_ok($$ select * from private.admin_backup_codes $$, '42501', null, 'backup code hashes are not readable by API roles');
reset role;

select ok((select encode(secret_enc, 'escape') not like '%' || :'secret' || '%' from private.admin_totp where user_id = '00000000-0000-4000-a000-00000000000a'), 'the secret is stored encrypted');
select ok((select bool_and(code_hash like '$2a$10$%') from private.admin_backup_codes where user_id = '00000000-0000-4000-a000-00000000000a'), 'backup codes are bcrypt hashes');

-- Codes computed as the server does, for the previous, current and next steps.
select private.totp_code(private.base32_decode(:'secret'), private.totp_current_step()) as code_now,
       private.totp_code(private.base32_decode(:'secret'), private.totp_current_step() - 1) as code_prev,
       private.totp_code(private.base32_decode(:'secret'), private.totp_current_step() - 3) as code_old \gset

set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.verify_admin_totp(:'code_old') ->> 'reason', 'invalid_code', 'a code three steps old is refused');
select is(public.verify_admin_totp(:'code_prev') ->> 'success', 'true', 'the previous step is accepted and activates the secret');
select is(public.verify_admin_totp(:'code_prev') ->> 'reason', 'replayed', 'the same code is refused the second time');
select is(public.validate_admin_access(), '{"authorized": true, "reason": null}'::jsonb, 'the admin is authorized in this session');
select ok((select private.admin_mfa_verified()), 'admin_mfa_verified is true in this session');

select set_config('request.jwt.claims', :'admin_other_session', true);
select is(public.validate_admin_access() ->> 'reason', 'mfa_required', 'another session of the same admin still needs the second factor');
select is(public.verify_admin_totp(:'code_prev') ->> 'reason', 'replayed', 'an older step is refused after a newer one was used');
select throws_ok(format('select public.setup_admin_totp(%L, %L)', :'secret', '000000'), '42501', null, 're-enrolment without a verification in this session is refused');

-- Backup codes: single use, any case, with or without the dash.
select set_config('test.backup_code', (select r -> 'backup_codes' ->> 0 from setup_result), true);
select set_config('test.backup_code_2', (select lower(replace(r -> 'backup_codes' ->> 1, '-', '')) from setup_result), true);
select is(public.verify_admin_totp(current_setting('test.backup_code')),
  '{"success": true, "backup_code_used": true, "remaining_backup_codes": 9}'::jsonb, 'a backup code works once and the remaining count drops');
select is(public.verify_admin_totp(current_setting('test.backup_code')) ->> 'reason', 'invalid_code', 'a used backup code is refused');
select is(public.verify_admin_totp(current_setting('test.backup_code_2')) ->> 'remaining_backup_codes', '8', 'backup codes are accepted in lower case without the dash');

-- Lockout: five failures lock for 15 minutes, even the right code; failures are committed, not raised.
select is(public.verify_admin_totp('000000') ->> 'success', 'false', 'a wrong code fails without raising');
select public.verify_admin_totp('not a code');
select public.verify_admin_totp(repeat('9', 7));
select public.verify_admin_totp(E'12\\u000034');
select is(public.verify_admin_totp('111111') ->> 'reason', 'locked', 'the fifth failure locks');
select is(public.verify_admin_totp(:'code_now') ->> 'reason', 'locked', 'the current code is refused while locked');
reset role;

select ok((select locked_until > now() + interval '14 minutes' from private.admin_totp where user_id = '00000000-0000-4000-a000-00000000000a'), 'the lock lasts 15 minutes');
select is((select count(*)::int from public.security_events where event_type = 'mfa_lockout' and user_id = '00000000-0000-4000-a000-00000000000a'), 1, 'the lockout is a security event');
select cmp_ok((select count(*)::int from public.security_events where event_type = 'mfa_verification_failed' and user_id = '00000000-0000-4000-a000-00000000000a'), '>=', 6, 'every failure is a security event');
update private.admin_totp set locked_until = now() - interval '1 second';
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.verify_admin_totp(:'code_now') ->> 'success', 'true', 'after the lock expires the current code works');
reset role;

-- anon may call none of the RPCs.
select function_privs_are('public', 'verify_admin_totp', array['text'], 'anon', array[]::text[], 'anon cannot verify');
select function_privs_are('public', 'setup_admin_totp', array['text', 'text'], 'anon', array[]::text[], 'anon cannot set up');

select * from finish();
rollback;
