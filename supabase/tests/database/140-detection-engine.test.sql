-- The matching engine: detection rules (read by analysts, tuned by admins with MFA, never TLP:RED),
-- private.raise_alert (one open alert per rule and entity, the dedup window after closing, disabled
-- rules), private.rule_allows, telemetry folded into sightings per (indicator, sensor) with alerts
-- only for what the rule allows, saved hunts per owner, hunt_indicators under RLS, and sensors and
-- telemetry volume read-only for analysts.
begin;
select plan(96);
-- This test's addresses are documentation ranges, which the RFC 5735 warninglist holds (the demo
-- loads it): the engine is judged here without lists (295-lists-and-feedback judges them).
delete from public.warninglists;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'colleague@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
-- The admin passed TOTP in one session (…0003) and not in the other (…0001): both are tested.
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

-- Fixed ids, so dedup keys ('indicator:<id>') and match lists can be written out.
insert into public.indicators (id, type, value, tlp, confidence, revoked) overriding system value values
  (900001, 'ipv4', '203.0.113.10', 'clear', 80, false),
  (900002, 'domain', 'revoked.example', 'clear', 90, true),
  (900003, 'domain', 'low.example', 'green', 20, false),
  (900004, 'url', 'http://red.example/x', 'red', 90, false),
  (900005, 'ipv4', '198.51.100.7', 'amber+strict', 60, false),
  (900006, 'ipv4', '192.0.2.66', 'amber', 70, false);
insert into public.sources (id, name, format) values ('50000000-0000-4000-a000-000000000001', 'Test feed', 'stix');
insert into public.indicator_sources (indicator_id, source_id, tlp, malware)
values (900001, '50000000-0000-4000-a000-000000000001', 'clear', '{Mirai}');
insert into public.sensors (name, kind, events) values ('sensor-a', 'suricata', 1000);
insert into public.telemetry_volume (sensor, bucket, event_type, events, matched)
values ('sensor-a', '2026-11-20 10:00:00+00', 'alert', 1000, 4);
insert into public.hunts (id, name, query, created_by) values
  ('b0000000-0000-4000-a000-000000000001', 'Colleague''s hunt', '203.0.113.10', '00000000-0000-4000-a000-00000000000c');

\ir ../fixtures/claims.psql
\set service_claims '{"role":"service_role"}'

-- Match lists as the telemetry importer sends them (aggregated per indicator and sensor): a passing,
-- a revoked, a low-confidence and a RED indicator seen twice, then one to be re-marked RED.
\set matches_first '[{"indicator_id":900001,"sensor":"sensor-a","count":3,"first_seen":"2026-11-20T10:05:00Z","last_seen":"2026-11-20T10:30:00Z","last_event":{"event_type":"alert","src_ip":"10.0.0.5"}},{"indicator_id":900002,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T10:05:00Z","last_seen":"2026-11-20T10:05:00Z","last_event":{}},{"indicator_id":900003,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T10:05:00Z","last_seen":"2026-11-20T10:05:00Z","last_event":{}},{"indicator_id":900004,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T10:05:00Z","last_seen":"2026-11-20T10:05:00Z","last_event":{}}]'
\set matches_second '[{"indicator_id":900001,"sensor":"sensor-a","count":2,"first_seen":"2026-11-20T11:00:00Z","last_seen":"2026-11-20T11:10:00Z","last_event":{"event_type":"dns","src_ip":"10.0.0.6"}},{"indicator_id":900002,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T11:00:00Z","last_seen":"2026-11-20T11:00:00Z","last_event":{}},{"indicator_id":900003,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T11:00:00Z","last_seen":"2026-11-20T11:00:00Z","last_event":{}},{"indicator_id":900004,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T11:00:00Z","last_seen":"2026-11-20T11:00:00Z","last_event":{}}]'
\set matches_remarked '[{"indicator_id":900006,"sensor":"sensor-a","count":1,"first_seen":"2026-11-20T12:00:00Z","last_seen":"2026-11-20T12:00:00Z","last_event":{"event_type":"flow","dest_ip":"192.0.2.66"}}]'

-- ── Detection rules ──────────────────────────────────────────────────────────────────────────────

set local role anon;
select throws_ok($$ select * from public.detection_rules $$, '42501', null, 'anon cannot read detection rules');
select throws_ok($$ select * from public.sensors $$, '42501', null, 'anon cannot read sensors');
select throws_ok($$ select * from public.telemetry_volume $$, '42501', null, 'anon cannot read telemetry volume');
select throws_ok($$ select * from public.hunts $$, '42501', null, 'anon cannot read hunts');
select throws_ok($$ select * from public.hunt_indicators(array['ipv4']::public.indicator_type[], array['203.0.113.10']) $$,
  '42501', null, 'anon cannot hunt');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
-- Counted by key: later migrations add rules of their own.
select is((select count(*)::int from public.detection_rules
            where key in ('telemetry-indicator', 'kev-asset', 'lookalike-domain', 'leak-keyword')), 4,
  'an analyst reads the shipped rules');
-- No update policy matches an analyst: the statement runs and changes nothing.
update public.detection_rules set min_confidence = 10 where key = 'telemetry-indicator';
select throws_ok($$ update public.detection_rules set name = 'renamed' $$, '42501', null, 'the name is not an updatable column');
select throws_ok($$ insert into public.detection_rules (key, name, category) values ('forged-rule', 'Forged', 'x') $$,
  '42501', null, 'an analyst cannot add a rule');
select throws_ok($$ delete from public.detection_rules $$, '42501', null, 'an analyst cannot delete rules');
reset role;
select is((select min_confidence from public.detection_rules where key = 'telemetry-indicator'), 50::smallint,
  'an analyst cannot tune a rule');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
update public.detection_rules set min_confidence = 10 where key = 'telemetry-indicator';
reset role;
select is((select min_confidence from public.detection_rules where key = 'telemetry-indicator'), 50::smallint,
  'an admin without MFA in this session cannot tune a rule');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok($$ update public.detection_rules set min_confidence = 70, severity = 'critical', dedup_window = '2 hours' where key = 'telemetry-indicator' $$,
  'an admin with MFA tunes a rule');
select throws_ok($$ update public.detection_rules set category = 'other' where key = 'telemetry-indicator' $$,
  '42501', null, 'but not its category');
select throws_ok($$ update public.detection_rules set updated_by = null where key = 'telemetry-indicator' $$,
  '42501', null, 'nor who changed it');
-- Alerts are read by every analyst: RED intelligence must never be allowed to raise one.
select throws_ok($$ update public.detection_rules set max_tlp = 'red' where key = 'telemetry-indicator' $$,
  '23514', null, 'max_tlp cannot be red');
select throws_ok($$ update public.detection_rules set dedup_window = '10 seconds' where key = 'telemetry-indicator' $$,
  '23514', null, 'the dedup window is at least a minute');
reset role;
select results_eq(
  $$ select min_confidence::int, severity::text, dedup_window from public.detection_rules where key = 'telemetry-indicator' $$,
  $$ values (70, 'critical'::text, interval '2 hours') $$,
  'the allowed columns were changed');

-- Back to the shipped thresholds for what follows.
update public.detection_rules set min_confidence = 50, severity = 'high', dedup_window = '24 hours'
 where key = 'telemetry-indicator';

-- ── private.raise_alert ──────────────────────────────────────────────────────────────────────────

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select private.raise_alert('telemetry-indicator', 'indicator:1', 'x', 'x', '{}') $$,
  '42501', null, 'an analyst cannot raise alerts');
select throws_ok($$ select * from private.record_telemetry_sightings('[]') $$,
  '42501', null, 'nor record telemetry');
reset role;

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select isnt(private.raise_alert('telemetry-indicator', 'indicator:test', 'First hit', 'Seen once', '{"n":1}'), null,
  'the first hit raises an alert');
select results_eq(
  $$ select rule_key, dedup_key, hit_count, severity::text, category, source, status::text
       from public.enhanced_security_alerts where dedup_key = 'indicator:test' $$,
  $$ values ('telemetry-indicator'::text, 'indicator:test'::text, 1, 'high'::text, 'network'::text, 'matching-engine'::text, 'new'::text) $$,
  'with its rule, entity, hit count and the rule''s severity and category');
select is((select metadata -> 'rule' ->> 'key' from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  'telemetry-indicator', 'metadata names the rule');
select is((select (metadata -> 'rule' ->> 'min_confidence')::int from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  50, 'and its thresholds when it fired');
select is((select metadata -> 'first_evidence' from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  '{"n":1}'::jsonb, 'metadata keeps the first evidence');

select is(private.raise_alert('telemetry-indicator', 'indicator:test', 'Second hit', 'Seen again', '{"n":2}', 3),
  (select id from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  'a second hit for the same rule and entity answers the open alert');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key = 'indicator:test'), 1, 'no new row');
select is((select hit_count from public.enhanced_security_alerts where dedup_key = 'indicator:test'), 4, 'hit_count adds the new hits');
select is((select metadata -> 'evidence' from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  '{"n":2}'::jsonb, 'the latest evidence replaces the previous');
select is((select metadata -> 'first_evidence' from public.enhanced_security_alerts where dedup_key = 'indicator:test'),
  '{"n":1}'::jsonb, 'the first evidence stays');
select is((select title from public.enhanced_security_alerts where dedup_key = 'indicator:test'), 'First hit',
  'the title stays the first one');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ update public.enhanced_security_alerts set status = 'dismissed', dismissal_reason = 'Known scanner' where dedup_key = 'indicator:test' $$,
  'an analyst dismisses the alert');
reset role;

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select is(private.raise_alert('telemetry-indicator', 'indicator:test', 'Third hit', 'Seen after dismissal', '{"n":3}'), null,
  'a hit within the dedup window after dismissal raises nothing');
select results_eq(
  $$ select count(*)::int, max(hit_count), min(status::text) from public.enhanced_security_alerts where dedup_key = 'indicator:test' $$,
  $$ values (1, 5, 'dismissed'::text) $$,
  'it is counted on the dismissed alert, which stays dismissed');
reset role;

-- The window is over: the dismissal is older than the rule's (shortened) window.
update public.detection_rules set dedup_window = '1 minute' where key = 'telemetry-indicator';
update public.enhanced_security_alerts set resolved_at = now() - interval '2 minutes' where dedup_key = 'indicator:test';
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select isnt(private.raise_alert('telemetry-indicator', 'indicator:test', 'Fourth hit', 'Seen later', '{"n":4}'), null,
  'after the window a hit raises a new alert');
select results_eq(
  $$ select status::text, hit_count from public.enhanced_security_alerts where dedup_key = 'indicator:test' order by hit_count $$,
  $$ values ('new'::text, 1), ('dismissed', 5) $$,
  'next to the dismissed one, which is left as it was');
reset role;
update public.detection_rules set dedup_window = '24 hours' where key = 'telemetry-indicator';

update public.detection_rules set enabled = false where key = 'leak-keyword';
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select is(private.raise_alert('leak-keyword', 'post:1|acme', 'Acme on a leak site', '', '{}'), null, 'a disabled rule raises nothing');
select is((select count(*)::int from public.enhanced_security_alerts where rule_key = 'leak-keyword'), 0, 'and writes no alert');
select throws_ok($$ select private.raise_alert('no-such-rule', 'x', 'x', 'x', '{}') $$,
  '22023', 'No detection rule no-such-rule.', 'an unknown rule is an error');
select isnt(private.raise_alert('kev-asset', 'asset:1|CVE-2024-3400', 'KEV on host', '', '{}', 1, null, null, null, 'medium'), null,
  'another rule raises its own alert');
select is((select severity::text from public.enhanced_security_alerts where dedup_key = 'asset:1|CVE-2024-3400'), 'medium',
  'with the severity the caller gave over the rule''s');
reset role;
update public.detection_rules set enabled = true where key = 'leak-keyword';

-- ── private.rule_allows ──────────────────────────────────────────────────────────────────────────

select ok(private.rule_allows((select r from public.detection_rules r where key = 'telemetry-indicator'), 'amber+strict', 50),
  'a rule allows intelligence at its max TLP and min confidence');
select ok(not private.rule_allows((select r from public.detection_rules r where key = 'telemetry-indicator'), 'red', 100),
  'not above max_tlp');
select ok(not private.rule_allows((select r from public.detection_rules r where key = 'telemetry-indicator'), 'clear', 49),
  'not below min_confidence');
select ok(not private.rule_allows((select r from public.detection_rules r where key = 'telemetry-indicator'), 'clear', null),
  'unknown confidence counts as 0');
select ok(private.rule_allows((select r from public.detection_rules r where key = 'kev-asset'), 'clear', null),
  'which a rule with min_confidence 0 allows');
update public.detection_rules set enabled = false where key = 'kev-asset';
select ok(not private.rule_allows((select r from public.detection_rules r where key = 'kev-asset'), 'clear', 100),
  'a disabled rule allows nothing');
update public.detection_rules set enabled = true where key = 'kev-asset';

-- ── private.record_telemetry_sightings ───────────────────────────────────────────────────────────

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select throws_ok($$ select * from private.record_telemetry_sightings('[{"indicator_id":900001,"sensor":"sensor-unknown","count":1,"first_seen":"2026-11-20T10:00:00Z","last_seen":"2026-11-20T10:00:00Z","last_event":{}}]') $$,
  '23503', null, 'a sensor must be registered before its sightings');
select results_eq(
  format('select inserted, updated, alerts from private.record_telemetry_sightings(%L)', :'matches_first'),
  $$ values (4, 0, 1) $$,
  'the first batch creates four sightings and raises one alert');
reset role;
select results_eq(
  $$ select indicator_id, count from public.sightings where sensor = 'sensor-a' order by indicator_id $$,
  $$ values (900001::bigint, 3), (900002, 1), (900003, 1), (900004, 1) $$,
  'one sighting per (indicator, sensor) with its event count');
select results_eq(
  $$ select sighting_of_ref, where_sighted_refs, tlp::text from public.sightings where indicator_id = 900001 $$,
  $$ select stix_id collate "default", array[private.sensor_identity('sensor-a')], 'clear'::text from public.indicators where id = 900001 $$,
  'pointing at the indicator and the sensor''s identity, at the indicator''s TLP');
select is((select tlp::text from public.sightings where indicator_id = 900004), 'red', 'a RED indicator''s sighting is RED');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key = 'indicator:900001'), 1,
  'an indicator passing the rule raises an alert');
select results_eq(
  $$ select a.indicator_id, a.sighting_id, a.hit_count, a.metadata -> 'evidence' ->> 'sensor'
       from public.enhanced_security_alerts a where a.dedup_key = 'indicator:900001' $$,
  $$ select 900001::bigint, s.stix_id, 3, 'sensor-a'::text from public.sightings s where s.indicator_id = 900001 $$,
  'linked to the indicator and the sighting, counting the events, with the sensor as evidence');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key = 'indicator:900002'), 0,
  'a revoked indicator raises no alert');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key = 'indicator:900003'), 0,
  'a low-confidence indicator raises no alert');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key = 'indicator:900004'), 0,
  'a TLP:RED indicator raises no alert');

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select results_eq(
  format('select inserted, updated, alerts from private.record_telemetry_sightings(%L)', :'matches_second'),
  $$ values (0, 4, 1) $$,
  'the second batch grows the four sightings and updates the alert');
reset role;
select results_eq(
  $$ select count, first_seen, last_seen, last_event ->> 'event_type' from public.sightings where indicator_id = 900001 $$,
  $$ values (5, '2026-11-20T10:05:00Z'::timestamptz, '2026-11-20T11:10:00Z'::timestamptz, 'dns'::text) $$,
  'counts add up, first_seen keeps the earliest, last_seen and last_event the latest');
select is((select count(*)::int from public.sightings where sensor = 'sensor-a'), 4, 'no new sightings');
select results_eq(
  $$ select count(*)::int, max(hit_count) from public.enhanced_security_alerts where dedup_key = 'indicator:900001' $$,
  $$ values (1, 5) $$,
  'still one alert, with the new events counted');
select is((select count(*)::int from public.enhanced_security_alerts where dedup_key in ('indicator:900002', 'indicator:900003', 'indicator:900004')), 0,
  'and still none for the revoked, low-confidence and RED indicators');

-- An indicator re-marked RED after it was first seen: its sighting follows the indicator's TLP on
-- the next batch, or what that batch records (last_event names the addresses) would reach analysts.
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select results_eq(
  format('select inserted, updated, alerts from private.record_telemetry_sightings(%L)', :'matches_remarked'),
  $$ values (1, 0, 1) $$,
  'an AMBER indicator is sighted and alerted');
reset role;
update public.indicators set tlp = 'red' where id = 900006;
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select results_eq(
  format('select inserted, updated, alerts from private.record_telemetry_sightings(%L)', :'matches_remarked'),
  $$ values (0, 1, 0) $$,
  'once re-marked RED it raises nothing more');
reset role;
select is((select tlp::text from public.sightings where indicator_id = 900006), 'red', 'and its sighting is RED too');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.sightings where indicator_id = 900006), 0, 'so analysts no longer read it');
reset role;

-- ── Sensors and telemetry volume ─────────────────────────────────────────────────────────────────

select throws_ok($$ insert into public.telemetry_volume (sensor, bucket, event_type) values ('sensor-a', '2026-11-20 10:30:00+00', 'dns') $$,
  '23514', null, 'volume buckets are whole hours');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.sensors), 1, 'an analyst reads sensors');
select is((select count(*)::int from public.telemetry_volume), 1, 'an analyst reads telemetry volume');
select throws_ok($$ insert into public.sensors (name) values ('forged') $$, '42501', null, 'an analyst cannot add sensors');
select throws_ok($$ update public.sensors set events = 0 $$, '42501', null, 'nor change them');
select throws_ok($$ delete from public.sensors $$, '42501', null, 'nor delete them');
select throws_ok($$ insert into public.telemetry_volume (sensor, bucket, event_type) values ('sensor-a', '2026-11-20 11:00:00+00', 'dns') $$,
  '42501', null, 'an analyst cannot write telemetry volume');
select throws_ok($$ update public.telemetry_volume set matched = 0 $$, '42501', null, 'nor change it');
select throws_ok($$ delete from public.telemetry_volume $$, '42501', null, 'nor delete it');
select throws_ok($$ insert into public.sightings (stix_id, sighting_of_ref, stix, indicator_id, sensor) values ('sighting--00000000-0000-4000-8000-000000000001', 'x', '{}', 900001, 'sensor-a') $$,
  '42501', null, 'nor forge a sighting');
reset role;

-- ── Saved hunts ──────────────────────────────────────────────────────────────────────────────────

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ insert into public.hunts (id, name, query, value_count) values ('b0000000-0000-4000-a000-000000000002', 'My hunt', '203[.]0.113.10', 1) $$,
  'an analyst saves a hunt');
select is((select created_by from public.hunts where id = 'b0000000-0000-4000-a000-000000000002'),
  '00000000-0000-4000-a000-00000000000b'::uuid, 'as themselves');
select throws_ok($$ insert into public.hunts (name, query, created_by) values ('Forged', 'x', '00000000-0000-4000-a000-00000000000c') $$,
  '42501', null, 'an analyst cannot save a hunt as someone else');
select is((select count(*)::int from public.hunts), 2, 'an analyst reads every saved hunt');
select lives_ok($$ update public.hunts set name = 'My renamed hunt', last_matched = 1 where id = 'b0000000-0000-4000-a000-000000000002' $$,
  'an analyst updates their own hunt');
select throws_ok($$ update public.hunts set created_by = '00000000-0000-4000-a000-00000000000c' where id = 'b0000000-0000-4000-a000-000000000002' $$,
  '42501', null, 'but cannot hand it to someone else');
update public.hunts set name = 'Hijacked' where id = 'b0000000-0000-4000-a000-000000000001';
delete from public.hunts where id = 'b0000000-0000-4000-a000-000000000001';
reset role;
select results_eq(
  $$ select name from public.hunts where id = 'b0000000-0000-4000-a000-000000000001' $$,
  $$ values ('Colleague''s hunt'::text) $$,
  'an analyst neither updates nor deletes another''s hunt');
select is((select name from public.hunts where id = 'b0000000-0000-4000-a000-000000000002'), 'My renamed hunt', 'their own was renamed');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
delete from public.hunts where id = 'b0000000-0000-4000-a000-000000000001';
reset role;
select is((select count(*)::int from public.hunts where id = 'b0000000-0000-4000-a000-000000000001'), 1,
  'an admin without MFA deletes nobody''s hunt');

set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
update public.hunts set name = 'Hijacked' where id = 'b0000000-0000-4000-a000-000000000001';
delete from public.hunts where id = 'b0000000-0000-4000-a000-000000000001';
reset role;
select is((select count(*)::int from public.hunts where id = 'b0000000-0000-4000-a000-000000000001'), 0,
  'an admin with MFA deletes any hunt');
select is((select count(*)::int from public.hunts where name = 'Hijacked'), 0, 'but edits nobody else''s');

-- ── hunt_indicators ──────────────────────────────────────────────────────────────────────────────

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select ordinal, id, value from public.hunt_indicators(
       array['ipv4', 'domain', 'ipv4', 'url', 'domain', 'ipv4']::public.indicator_type[],
       array['192.0.2.1', 'revoked.example', '203.0.113.10', 'http://red.example/x', '203.0.113.10', '198.51.100.7']) $$,
  $$ values (2, 900002::bigint, 'revoked.example'::text), (3, 900001, '203.0.113.10'), (6, 900005, '198.51.100.7') $$,
  'a hunt answers only the matches, by type and value, with their position; TLP:RED hidden from an analyst');
select results_eq(
  $$ select revoked, confidence::int, tlp::text from public.hunt_indicators(array['domain']::public.indicator_type[], array['revoked.example']) $$,
  $$ values (true, 90, 'clear'::text) $$,
  'with the indicator''s state');
select results_eq(
  $$ select sources, malware, sightings, sensors from public.hunt_indicators(array['ipv4']::public.indicator_type[], array['203.0.113.10']) $$,
  $$ values (array['Test feed'], array['Mirai'], 5::bigint, array['sensor-a']) $$,
  'its sources, malware, sightings and sensors');
select is((select count(*)::int from public.hunt_indicators('{}', '{}')), 0, 'an empty hunt answers nothing');
select throws_ok($$ select * from public.hunt_indicators(array['ipv4', 'ipv4']::public.indicator_type[], array['203.0.113.10']) $$,
  '22023', 'Types and values must pair up (2 types, 1 values).', 'types and values must pair up');
select throws_ok($$ select * from public.hunt_indicators(array_fill('ipv4'::public.indicator_type, array[100001]), array_fill('192.0.2.1'::text, array[100001])) $$,
  '22023', 'A hunt checks at most 100,000 values at once (100001 given).', 'a hunt checks at most 100,000 values');
select is((select count(*)::int from public.hunt_indicators(array_fill('ipv4'::public.indicator_type, array[100000]), array_fill('203.0.113.10'::text, array[100000]))),
  100000, 'and answers 100,000 at once');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.hunt_indicators(array['url']::public.indicator_type[], array['http://red.example/x'])), 0,
  'an admin without MFA finds no TLP:RED indicator');
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
reset role;
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select results_eq(
  $$ select ordinal, value, sightings from public.hunt_indicators(array['ipv4', 'url']::public.indicator_type[], array['192.0.2.1', 'http://red.example/x']) $$,
  $$ values (2, 'http://red.example/x'::text, 2::bigint) $$,
  'an admin with MFA finds it, with its sightings');
reset role;

set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select is((select count(*)::int from public.hunt_indicators(array['url', 'ipv4']::public.indicator_type[], array['http://red.example/x', '203.0.113.10'])), 2,
  'the service role hunts over everything');
reset role;

select * from finish();
rollback;
