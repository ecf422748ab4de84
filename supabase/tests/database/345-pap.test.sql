-- PAP on sources and reports (issue 28 §1): CLEAR by default, unknown values refused by the
-- database, PAP:AMBER and above never leave (private.pap_allows_sharing), a report's PAP is the more
-- restrictive of its own and its source's, an indicator's the least restrictive of its reports';
-- administrators with MFA set a source's PAP (audited), analysts cannot.
begin;
select plan(18);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.sources (id, name) values
  ('50000000-0000-4000-a000-0000000345a1', 'PAP open'), ('50000000-0000-4000-a000-0000000345a2', 'PAP closed');
insert into public.indicators (id, type, value, tlp) overriding system value values
  (934501, 'domain', 'both.pap-test.example', 'green'), (934502, 'domain', 'closed-only.pap-test.example', 'green');
insert into public.indicator_sources (indicator_id, source_id, tlp, pap) values
  (934501, '50000000-0000-4000-a000-0000000345a1', 'green', 'clear'),
  (934501, '50000000-0000-4000-a000-0000000345a2', 'green', 'clear'),
  (934502, '50000000-0000-4000-a000-0000000345a2', 'green', 'green');

select is((select pap::text from public.sources where id = '50000000-0000-4000-a000-0000000345a1'), 'clear', 'a source is PAP:CLEAR by default');
select throws_ok($$ update public.sources set pap = 'white' where id = '50000000-0000-4000-a000-0000000345a1' $$, '22P02', null,
  'the database refuses an unknown PAP');
select is(array(select private.pap_allows_sharing(p) from unnest(enum_range(null::public.pap_level)) p),
  array[true, true, false, false], 'PAP:CLEAR and GREEN may leave, AMBER and RED never');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
update public.sources set pap = 'red' where id = '50000000-0000-4000-a000-0000000345a2';
select is((select pap::text from public.sources where id = '50000000-0000-4000-a000-0000000345a2'), 'clear', 'an analyst cannot change a source''s PAP');
select set_config('request.jwt.claims', :'admin_claims', true);
update public.sources set pap = 'red' where id = '50000000-0000-4000-a000-0000000345a2';
select is((select pap::text from public.sources where id = '50000000-0000-4000-a000-0000000345a2'), 'clear', 'nor an admin without MFA');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
update public.sources set pap = 'red' where id = '50000000-0000-4000-a000-0000000345a2';
select is((select pap::text from public.sources where id = '50000000-0000-4000-a000-0000000345a2'), 'red', 'an admin with MFA sets it');
reset role;
select is((select count(*)::int from public.audit_trail where action = 'source.changed' and target_id = '50000000-0000-4000-a000-0000000345a2'
            and details -> 'changes' ? 'pap'), 1, 'audited');

select is(private.indicator_pap(934501)::text, 'clear', 'a value an open source shares stays shareable');
select is(private.indicator_pap(934502)::text, 'red', 'a value only a PAP:RED source reports takes its PAP');
select is(private.pap_allows_sharing(private.indicator_pap(934502)), false, 'and never leaves');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select array_agg(pap::text order by source_name) from public.indicator_reports(934501)), array['red', 'clear'],
  'each report shows its PAP with its source''s applied');
select is((select pap::text from public.indicator_reports(934502)), 'red', 'the source''s PAP outranks a report''s lower one');
select throws_ok($$ update public.indicator_sources set pap = 'clear' $$, '42501', null, 'an analyst cannot lower a report''s PAP');
reset role;

-- Exports for security controls leave PAP:AMBER and RED values out, counted as such.
select is((select verdict from private.export_indicators('domain', null, 'amber', 0, 'closed-only.pap-test', 10)
            where value = 'closed-only.pap-test.example'), 'pap', 'an export leaves a PAP:RED value out with the verdict pap');
select isnt((select coalesce(verdict, 'exported') from private.export_indicators('domain', null, 'amber', 0, 'both.pap-test', 10)
            where value = 'both.pap-test.example'), 'pap', 'and keeps one an open source shares');

-- Notifications about such a value are not sent, with the reason.
select is(private.notification_pap_check('{"indicator_id": 934502}'), 'PAP:RED: the indicator may not leave the platform: not sent',
  'a notification about a PAP:RED value is refused in words');
select is(private.notification_pap_check('{"indicator_id": 934501}'), null, 'one about a shareable value passes');
select is(private.notification_pap_check('{"cve": "CVE-2024-3400"}'), null, 'and one about no indicator');

select * from finish();
rollback;
