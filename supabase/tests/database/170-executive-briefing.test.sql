-- The Executive Briefing's reads: alerts per period, severity and status; the most active malware and
-- actors; the KEV entries of the period and those exposing our assets. Callable by signed-in users
-- only, and TLP:RED that the reader may not see is neither counted nor named (an admin with MFA sees it).
begin;
select plan(32);

-- The briefing counts everything in the knowledge base: start from an empty one (rolled back at the end).
set local client_min_messages = warning;
truncate public.enhanced_security_alerts, public.sightings, public.relationships, public.indicators,
  public.intel_objects, public.vulnerabilities, public.assets cascade;
-- Exposures are inserted by hand below: no kev-asset alert may join the counts.
update public.detection_rules set enabled = false where key = 'kev-asset';

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

-- Indicators: 1 and 2 new this period, 3 RED (new), 4 new in the previous period, 5 older still.
insert into public.indicators (id, type, value, tlp, created_at) overriding system value values
  (910001, 'domain', 'one.evil.example', 'clear', now() - interval '1 day'),
  (910002, 'domain', 'two.evil.example', 'amber', now() - interval '2 days'),
  (910003, 'domain', 'red.evil.example', 'red', now() - interval '3 days'),
  (910004, 'domain', 'prev.evil.example', 'clear', now() - interval '10 days'),
  (910005, 'domain', 'old.evil.example', 'clear', now() - interval '40 days');
insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('malware--00000000-0000-4000-8000-0000000000e1', 'malware', 'Emotet', 'clear', '{}'),
  ('malware--00000000-0000-4000-8000-0000000000e2', 'malware', 'Quiet Family', 'clear', '{}'),
  ('malware--00000000-0000-4000-8000-0000000000e3', 'malware', 'Secret Family', 'red', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-0000000000b1', 'intrusion-set', 'Mummy Spider', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-0000000000b2', 'intrusion-set', 'Secret Crew', 'red', '{}');
-- Emotet: indicators 1, 2, 3 (RED) and 4; Secret Family: 2; Quiet Family: 5 (nothing in either period).
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select 'relationship--' || extensions.uuid_generate_v4(), r.kind, r.source, r.target, r.tlp::public.tlp_level, '{}'
  from (values
    ('indicates', private.indicator_stix_id('domain', 'one.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e1', 'clear'),
    ('indicates', private.indicator_stix_id('domain', 'two.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e1', 'amber'),
    ('indicates', private.indicator_stix_id('domain', 'red.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e1', 'red'),
    ('indicates', private.indicator_stix_id('domain', 'prev.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e1', 'clear'),
    ('indicates', private.indicator_stix_id('domain', 'two.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e3', 'red'),
    ('indicates', private.indicator_stix_id('domain', 'old.evil.example'), 'malware--00000000-0000-4000-8000-0000000000e2', 'clear'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-0000000000b1', 'malware--00000000-0000-4000-8000-0000000000e1', 'clear'),
    -- Said twice (two sources): counted once.
    ('uses', 'intrusion-set--00000000-0000-4000-8000-0000000000b1', 'malware--00000000-0000-4000-8000-0000000000e1', 'clear'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-0000000000b2', 'malware--00000000-0000-4000-8000-0000000000e1', 'clear')
  ) as r (kind, source, target, tlp);

-- Alerts: 4 this period (2 critical, one of them on the RED indicator), 2 in the previous period, 1 older.
insert into public.enhanced_security_alerts (title, severity, status, dismissal_reason, created_at, indicator_id) values
  ('current critical on one', 'critical', 'new', null, now() - interval '1 hour', 910001),
  ('current critical on red', 'critical', 'investigating', null, now() - interval '2 hours', 910003),
  ('current high on two', 'high', 'resolved', null, now() - interval '3 days', 910002),
  ('current low', 'low', 'dismissed', 'benign', now() - interval '6 days', null),
  ('previous medium on prev', 'medium', 'resolved', null, now() - interval '8 days', 910004),
  ('previous high', 'high', 'new', null, now() - interval '13 days', null),
  ('older', 'critical', 'new', null, now() - interval '20 days', null);

-- Sightings: indicator 1 seen across both periods, the RED one this period, 4 in the previous period only.
insert into public.sightings (stix_id, sighting_of_ref, first_seen, last_seen, count, tlp, stix, indicator_id) values
  ('sighting--00000000-0000-4000-8000-000000000001', private.indicator_stix_id('domain', 'one.evil.example'),
   now() - interval '9 days', now() - interval '1 hour', 12, 'clear', '{}', 910001),
  ('sighting--00000000-0000-4000-8000-000000000002', private.indicator_stix_id('domain', 'red.evil.example'),
   now() - interval '2 days', now() - interval '1 day', 3, 'red', '{}', 910003),
  ('sighting--00000000-0000-4000-8000-000000000003', private.indicator_stix_id('domain', 'prev.evil.example'),
   now() - interval '12 days', now() - interval '9 days', 1, 'clear', '{}', 910004);

-- KEV: two entries this week (one exposing an asset), one the week before, one RED exposing an asset,
-- one from last year still exposing an asset, one old and harmless.
insert into public.vulnerabilities (cve_id, kev_date_added, kev_due_date, kev_vendor, kev_product, kev_name, kev_ransomware_use, tlp) values
  ('CVE-2026-1001', current_date - 1, current_date + 20, 'Acme', 'Gateway', 'Acme Gateway RCE', 'Known', 'clear'),
  ('CVE-2026-1002', current_date - 2, current_date + 19, 'Other', 'Thing', 'Other Thing SQLi', 'Unknown', 'clear'),
  ('CVE-2026-1003', current_date - 9, current_date + 12, 'Other', 'Widget', 'Other Widget XSS', 'Unknown', 'clear'),
  ('CVE-2026-1004', current_date - 1, current_date + 20, 'Acme', 'Gateway', 'Secret Acme bug', 'Unknown', 'red'),
  ('CVE-2025-2001', current_date - 300, current_date - 279, 'Acme', 'Gateway', 'Acme Gateway old bug', 'Unknown', 'clear'),
  ('CVE-2020-0001', current_date - 2000, current_date - 1979, 'Nobody', 'Nothing', 'Old bug', 'Unknown', 'clear');
insert into public.assets (id, hostname, criticality) values
  ('a0000000-0000-4000-a000-000000000001', 'vpn.corp.example', 'critical'),
  ('a0000000-0000-4000-a000-000000000002', 'gw2.corp.example', 'high');
insert into public.asset_products (asset_id, vendor, product) values
  ('a0000000-0000-4000-a000-000000000001', 'Acme Inc.', 'Gateway'),
  ('a0000000-0000-4000-a000-000000000002', 'ACME', 'gateway');

\ir ../fixtures/claims.psql

-- Who may call them: signed-in users only.
set local role anon;
select throws_ok($$ select * from public.briefing_alerts(7) $$, '42501', null, 'anon cannot read the alert summary');
select throws_ok($$ select * from public.briefing_threats(7) $$, '42501', null, 'anon cannot read the top threats');
select throws_ok($$ select * from public.briefing_kev(7) $$, '42501', null, 'anon cannot read the KEV summary');
reset role;
select ok(not has_function_privilege('service_role', 'public.briefing_alerts(integer)', 'execute')
      and not has_function_privilege('service_role', 'public.briefing_threats(integer, integer)', 'execute')
      and not has_function_privilege('service_role', 'public.briefing_kev(integer)', 'execute'),
  'the briefing is granted to authenticated only');
select is((select prosecdef from pg_proc where oid = 'public.briefing_threats(integer, integer)'::regprocedure), false,
  'the briefing runs as the caller, so RLS decides what it counts');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- Alerts.
select is((select count(*)::int from public.briefing_alerts(7)), 40, 'every period, severity and status is present (2 × 4 × 5)');
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'current'), 4, 'four alerts this week');
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'previous'), 2, 'two the week before; the older one in neither');
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'current' and severity = 'critical'), 2, 'two critical this week');
select results_eq(
  $$ select status::text as s, sum(alerts)::int from public.briefing_alerts(7) where period = 'current' and alerts > 0 group by status order by status $$,
  $$ values ('new', 1), ('investigating', 1), ('resolved', 1), ('dismissed', 1) $$,
  'this week''s alerts by their status today');
select is((select sum(alerts)::int from public.briefing_alerts(30) where period = 'current'), 7, 'thirty days hold all seven');
select is((select sum(alerts)::int from public.briefing_alerts(0) where period = 'current'), 2, 'a period shorter than a day is one day');

-- Threats: the RED indicator's alert and sighting, the RED family and the RED actor stay out.
select results_eq(
  $$ select kind, name, alerts::int, sightings::int, new_indicators::int, previous_alerts::int, previous_sightings::int, previous_new_indicators::int
       from public.briefing_threats(7) $$,
  $$ values ('malware', 'Emotet', 2, 1, 2, 1, 2, 1), ('actor', 'Mummy Spider', 2, 1, 2, 1, 2, 1) $$,
  'Emotet this week: alerts on 1 and 2, the sighting of 1, indicators 1 and 2 new; its user Mummy Spider likewise');
select is((select count(*)::int from public.briefing_threats(7) where name in ('Secret Family', 'Secret Crew')), 0,
  'RED families and actors are neither counted nor named');
select is((select count(*)::int from public.briefing_threats(7) where name = 'Quiet Family'), 0,
  'a family with nothing in the period is left out');
select is((select count(*)::int from public.briefing_threats(7, 1)), 2, 'the limit applies to malware and actors each');
select is((select tlp::text from public.briefing_threats(7) where name = 'Emotet'), 'clear', 'each threat carries its marking');

-- KEV.
select results_eq(
  $$ select period, cve_id, assets from public.briefing_kev(7) order by cve_id $$,
  $$ values (null::text, 'CVE-2025-2001', '{gw2.corp.example,vpn.corp.example}'::text[]),
            ('current', 'CVE-2026-1001', '{gw2.corp.example,vpn.corp.example}'),
            ('current', 'CVE-2026-1002', '{}'),
            ('previous', 'CVE-2026-1003', '{}') $$,
  'the week''s KEV entries, the week before''s, and an older entry still exposing assets; RED left out');
select is((select count(*)::int from public.briefing_kev(7) where cve_id = 'CVE-2020-0001'), 0,
  'an old entry that exposes nothing is left out');
select is((select kev_ransomware_use from public.briefing_kev(7) where cve_id = 'CVE-2026-1001'), 'Known', 'entries carry ransomware use');

-- An admin with MFA in this session reads RED, and the briefing counts it.
reset role;
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select results_eq(
  $$ select name, alerts::int, sightings::int, new_indicators::int from public.briefing_threats(7) where kind = 'malware' order by name $$,
  $$ values ('Emotet', 3, 2, 3), ('Secret Family', 1, 0, 1) $$,
  'with RED: Emotet also has the RED indicator''s alert, sighting and indicator; Secret Family appears');
select is((select count(*)::int from public.briefing_threats(7) where name = 'Secret Crew'), 1, 'and the RED actor');
select is((select count(*)::int from public.briefing_kev(7) where cve_id = 'CVE-2026-1004'), 1, 'and the RED KEV entry');
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'current'), 4, 'alert counts are the same for everyone');
reset role;

-- Period bounds move with the clock: an alert just inside and just outside a 7-day period.
insert into public.enhanced_security_alerts (title, severity, created_at) values
  ('edge inside', 'low', now() - interval '7 days' + interval '1 minute'),
  ('edge outside', 'low', now() - interval '7 days' - interval '1 minute');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'current' and severity = 'low'), 2,
  'just inside the period counts in it');
select is((select sum(alerts)::int from public.briefing_alerts(7) where period = 'previous' and severity = 'low'), 1,
  'just outside counts in the previous one');
reset role;

-- Comments and the advisors' expectations.
select ok(obj_description('public.briefing_alerts(integer)'::regprocedure) is not null, 'briefing_alerts is described');
select ok(obj_description('public.briefing_threats(integer, integer)'::regprocedure) is not null, 'briefing_threats is described');
select ok(obj_description('public.briefing_kev(integer)'::regprocedure) is not null, 'briefing_kev is described');
select ok(obj_description('private.briefing_periods(integer)'::regprocedure) is not null, 'briefing_periods is described');
select ok(
  (select bool_and('search_path=""' = any (proconfig)) from pg_proc
    where proname in ('briefing_alerts', 'briefing_threats', 'briefing_kev', 'briefing_periods')),
  'every briefing function fixes its search path');
select ok(exists (select 1 from pg_indexes where schemaname = 'public' and indexname = 'indicators_created_at_brin_idx'),
  'indicators are found by when they arrived');

select * from finish();
rollback;
