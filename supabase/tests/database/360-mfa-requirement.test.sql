-- Two-factor for everyone (issue 28 §2): an admin whose JWT is aal2 counts as MFA-verified besides
-- the admin TOTP; the setting security.require_mfa is off by default (nothing changes), changed only
-- by an admin with MFA and audited; while it is on, a caller whose session passed no second factor
-- reads no TLP:RED row (REST and a checked RPC), and one at aal2 does; mfa_required() tells the app.
begin;
select plan(22);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-0000000036c1', 'authenticated', 'authenticated', 'red-member@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

\ir ../fixtures/claims.psql
\set admin_aal2_claims '{"sub":"00000000-0000-4000-a000-00000000000a","role":"authenticated","session_id":"10000000-0000-4000-a000-000000000036","aal":"aal2"}'
\set analyst_aal2_claims '{"sub":"00000000-0000-4000-a000-00000000000b","role":"authenticated","session_id":"20000000-0000-4000-a000-000000000036","aal":"aal2"}'
\set red_claims '{"sub":"00000000-0000-4000-a000-0000000036c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000036c1","aal":"aal1"}'
\set red_aal2_claims '{"sub":"00000000-0000-4000-a000-0000000036c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000036c1","aal":"aal2"}'

-- A RED group with one member, and a RED indicator of a source whose audience it is.
insert into public.groups (id, name, max_tlp) values ('0000a000-0000-4000-a000-000000036001', 'Red cell 360', 'red');
insert into public.group_members (group_id, user_id) values ('0000a000-0000-4000-a000-000000036001', '00000000-0000-4000-a000-0000000036c1');
insert into public.sources (id, name, default_tlp, red_audience) values
  ('50000000-0000-4000-a000-000000036001', 'Closed community 360', 'red', array['0000a000-0000-4000-a000-000000036001']::uuid[]);
insert into public.indicators (id, type, value, tlp, confidence) overriding system value values
  (936001, 'domain', 'red.mfa-test.example', 'red', 80),
  (936002, 'domain', 'green.mfa-test.example', 'green', 80);
insert into public.indicator_sources (indicator_id, source_id, tlp, context) values
  (936001, '50000000-0000-4000-a000-000000036001', 'red', '{}'),
  (936002, '50000000-0000-4000-a000-000000036001', 'green', '{}');

-- ── admin_mfa_verified with aal2 ────────────────────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is(private.admin_mfa_verified(), false, 'an admin at aal1 without the admin TOTP is not MFA-verified');
select is(public.validate_admin_access() ->> 'reason', 'mfa_setup_required', 'and validate_admin_access still says set it up');
select set_config('request.jwt.claims', :'admin_aal2_claims', true);
select is(private.admin_mfa_verified(), true, 'an admin whose JWT is aal2 is MFA-verified');
select is(public.validate_admin_access(), '{"authorized": true, "reason": null}'::jsonb, 'and authorized');
select set_config('request.jwt.claims', :'analyst_aal2_claims', true);
select is(private.admin_mfa_verified(), false, 'aal2 makes no analyst an admin');

-- ── Off by default: nothing changes ─────────────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(public.mfa_required(), false, 'the requirement is off by default');
select is(private.mfa_requirement_met(), true, 'so an aal1 analyst meets it');
select set_config('request.jwt.claims', :'red_claims', true);
select is((select count(*)::int from public.indicators where id = 936001), 1, 'and a RED audience member at aal1 reads the RED indicator');

-- ── Turning it on: admins with MFA only, audited ────────────────────────────────────────────────
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select public.update_setting('security.require_mfa', 'true') $$, '42501', null, 'an analyst cannot turn it on');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select public.update_setting('security.require_mfa', 'true') $$, '42501', null, 'nor an admin without MFA in this session');
select set_config('request.jwt.claims', :'admin_aal2_claims', true);
select lives_ok($$ select public.update_setting('security.require_mfa', 'true') $$, 'an admin at aal2 turns it on');
select is((select count(*)::int from public.audit_trail where action = 'setting.changed' and target_id = 'security.require_mfa'), 1,
  'the change is audited');
select throws_ok($$ select public.update_setting('security.require_mfa', '"yes"') $$, '22023', null, 'a value that is no boolean is refused');

-- ── On: a second factor is needed for RED ───────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'analyst_claims', true);
select is(public.mfa_required(), true, 'the app learns it is required');
select is(private.mfa_requirement_met(), false, 'an analyst at aal1 does not meet it');
select set_config('request.jwt.claims', :'analyst_aal2_claims', true);
select is(private.mfa_requirement_met(), true, 'one at aal2 does');
select set_config('request.jwt.claims', :'red_claims', true);
select is((select count(*)::int from public.indicators where id = 936001), 0, 'a RED audience member at aal1 reads the RED indicator no more');
select is((select count(*)::int from public.search_indicators(_value => 'red.mfa-test.example')), 0, 'nor through search_indicators');
select is((select count(*)::int from public.indicators where id = 936002), 1, 'GREEN stays readable');
select set_config('request.jwt.claims', :'red_aal2_claims', true);
select is((select count(*)::int from public.indicators where id = 936001), 1, 'at aal2 the member reads it again');
select is((select count(*)::int from public.search_indicators(_value => 'red.mfa-test.example')), 1, 'through search_indicators too');
reset role;
select is((select count(*)::int from public.indicators where id = 936001), 1, 'the owner (server jobs) is not affected');

select * from finish();
rollback;
