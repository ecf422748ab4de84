-- An admin who comes back to two-factor setup with an enrolment still pending is told so: while the
-- reason is mfa_setup_required, validate_admin_access says since when a secret waits for its first
-- code, so the app can offer to finish it or warn that starting again replaces it. Nothing is said
-- when nothing is pending, and never once the factor is active.
begin;
select plan(8);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

\ir ../fixtures/claims.psql
\set secret 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.validate_admin_access(), '{"authorized": false, "reason": "mfa_setup_required"}'::jsonb,
  'nothing pending before the first setup');

select is(public.setup_admin_totp(:'secret', '000000') ->> 'success', 'true', 'setup starts');
reset role;
-- Started an hour ago, as when the admin left the page and came back.
update private.admin_totp set created_at = now() - interval '1 hour';
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.validate_admin_access() ->> 'reason', 'mfa_setup_required', 'a pending secret still needs setup');
select is((public.validate_admin_access() ->> 'pending_since')::timestamptz, now() - interval '1 hour',
  'and the answer says since when it is pending');

-- Starting again replaces it: the new enrolment's time is the one reported.
select is(public.setup_admin_totp(:'secret', '000000') ->> 'success', 'true', 'setup starts again');
select is((public.validate_admin_access() ->> 'pending_since')::timestamptz, now(),
  'a new setup replaces the pending one and its time');

-- Activated: nothing pending in this session or in another one.
reset role;
select private.totp_code(private.base32_decode(:'secret'), private.totp_current_step()) as code_now \gset
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(public.verify_admin_totp(:'code_now') ->> 'success', 'true', 'the first code activates it');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is(public.validate_admin_access(), '{"authorized": false, "reason": "mfa_required"}'::jsonb,
  'an active factor has nothing pending');

select * from finish();
rollback;
