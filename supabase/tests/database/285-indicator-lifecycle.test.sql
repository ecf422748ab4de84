-- The indicator lifecycle: the score's parts (best source reliability, confidence, age by type's
-- half-life and lifetime, our own alerting sightings refreshing it, false positives halving it,
-- revoked/expired -> 0), the decay rules (read by analysts, changed only by an admin with MFA through
-- update_setting, audited, and the score following at once), the score per role (a TLP:RED report
-- counts only for those who may read it), and detection: telemetry on an expired, a revoked and a
-- decayed indicator records the sighting with its reason and raises no alert; on a valid one it does.
begin;
select plan(51);
-- This test's addresses are documentation ranges, which the RFC 5735 warninglist holds; it judges
-- the lifecycle without lists (295-lists-and-feedback judges them).
delete from public.warninglists;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

-- The shipped rules, whatever this database went through before (rolled back at the end).
set local session_replication_role = replica;
update public.decay_rules set half_life_days = 30, lifetime_days = 180, decayed_below = 20 where indicator_type = 'ipv4';
update public.decay_rules set half_life_days = 90, lifetime_days = 365, decayed_below = 20 where indicator_type = 'domain';
update public.decay_rules set half_life_days = 365, lifetime_days = 1825, decayed_below = 20 where indicator_type = 'sha256';
update public.settings set value = '30' where key = 'lifecycle.ipv4.half_life_days';
update public.detection_rules set enabled = true, min_confidence = 50, max_tlp = 'amber+strict' where key = 'telemetry-indicator';
reset session_replication_role;

insert into public.sources (id, name, format, reliability) values
  ('28500000-0000-4000-a000-00000000000a', 'pgTAP 285 reliable', 'stix', 'A'),
  ('28500000-0000-4000-a000-00000000000c', 'pgTAP 285 fairly reliable', 'stix', 'C'),
  ('28500000-0000-4000-a000-00000000000e', 'pgTAP 285 unreliable', 'stix', 'E');

-- Fixed ids; every value in documentation ranges or .example. Dates relative to the transaction's now().
insert into public.indicators (id, type, value, tlp, confidence, last_seen, valid_until, revoked) overriding system value values
  (928501, 'ipv4', '192.0.2.101', 'clear', 80, now(), null, false),                        -- source A: 80
  (928502, 'ipv4', '192.0.2.102', 'clear', 80, now(), null, false),                        -- source E: 32
  (928503, 'ipv4', '192.0.2.103', 'clear', 80, now(), null, false),                        -- A and E: the best, 80
  (928504, 'ipv4', '192.0.2.104', 'clear', 80, now(), null, false),                        -- no source: 48
  (928505, 'ipv4', '192.0.2.105', 'clear', null, now(), null, false),                      -- A, no confidence: 50
  (928506, 'ipv4', '192.0.2.106', 'clear', 80, now() - interval '30 days', null, false),   -- one IP half-life: 40
  (928507, 'domain', 'h285-age.example', 'clear', 80, now() - interval '90 days', null, false), -- one domain half-life: 40
  (928508, 'sha256', repeat('a', 64), 'clear', 80, now() - interval '365 days', null, false),   -- one hash half-life: 40
  (928509, 'ipv4', '192.0.2.109', 'clear', 80, now() - interval '181 days', null, false),  -- past the IP lifetime: 0
  (928510, 'ipv4', '192.0.2.110', 'clear', 80, now() - interval '90 days', null, false),   -- 10, then refreshed by a sighting
  (928511, 'ipv4', '192.0.2.111', 'clear', 80, now() - interval '90 days', null, false),   -- 10, a suppressed sighting refreshes nothing
  (928512, 'ipv4', '192.0.2.112', 'clear', 80, now(), null, false),                        -- one false positive: 40
  (928513, 'ipv4', '192.0.2.113', 'clear', 80, now(), null, true),                         -- revoked
  (928514, 'ipv4', '192.0.2.114', 'clear', 80, now(), now() - interval '1 minute', false), -- expired
  (928515, 'ipv4', '192.0.2.115', 'clear', 80, now(), now() + interval '1 day', false),    -- valid until tomorrow
  (928516, 'ipv4', '192.0.2.116', 'red', 80, now(), null, false),                          -- TLP:RED indicator
  (928517, 'ipv4', '192.0.2.117', 'clear', 80, now(), null, false);                        -- a RED report from A, a CLEAR one from E
insert into public.indicator_sources (indicator_id, source_id, tlp) values
  (928501, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928502, '28500000-0000-4000-a000-00000000000e', 'clear'),
  (928503, '28500000-0000-4000-a000-00000000000a', 'clear'), (928503, '28500000-0000-4000-a000-00000000000e', 'clear'),
  (928505, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928506, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928507, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928508, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928509, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928510, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928511, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928512, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928513, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928514, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928515, '28500000-0000-4000-a000-00000000000a', 'clear'),
  (928516, '28500000-0000-4000-a000-00000000000a', 'red'),
  (928517, '28500000-0000-4000-a000-00000000000a', 'red'), (928517, '28500000-0000-4000-a000-00000000000e', 'clear');

insert into public.sensors (name) values ('sensor-285');
insert into public.sightings (stix_id, sighting_of_ref, stix, indicator_id, sensor, first_seen, last_seen, count, suppressed_reason, false_positive)
select 'sighting--' || extensions.uuid_generate_v4(), i.stix_id, '{}', i.id, 'sensor-285', now() - interval '1 hour', now() - interval '1 hour', 1, s.reason, s.fp
  from (values (928510, null::text, false), (928511, 'decayed', false), (928512, null, true)) as s(id, reason, fp)
  join public.indicators i on i.id = s.id;

\ir ../fixtures/claims.psql

create temp table scores as select i.id, i.score, i.lifecycle_state::text as state from public.indicators i where i.id between 928501 and 928517;

-- ── The score's parts (as the service role sees them: every report) ─────────────────────────────
select is((select score from scores where id = 928501), 80, 'confidence 80 from an A source, seen today: 80');
select is((select score from scores where id = 928502), 32, 'the same from an E source only: 32');
select is((select score from scores where id = 928503), 80, 'reported by A and E: the best source counts');
select is((select score from scores where id = 928504), 48, 'no source: reliability cannot be judged (0.6)');
select is((select score from scores where id = 928505), 50, 'no confidence given: 50');
select is((select score from scores where id = 928506), 40, 'an IP last seen 30 days ago has lost half (half-life 30 days)');
select is((select score from scores where id = 928507), 40, 'a domain takes 90 days to lose half');
select is((select score from scores where id = 928508), 40, 'a hash takes a year');
select is((select (score, state) from scores where id = 928509), (0, 'decayed'::text), 'an IP past its 180-day lifetime: 0, decayed');
select is((select (score, state) from scores where id = 928510), (64, 'active'::text), 'an IP reported 90 days ago but seen by a sensor an hour ago: refreshed to 80 % of a new report');
select is((select (score, state) from scores where id = 928511), (10, 'decayed'::text), 'a sighting that raised no alert refreshes nothing: 10, decayed');
select is((select score from scores where id = 928512), 40, 'one false-positive sighting halves the score');
select is((select (score, state) from scores where id = 928513), (0, 'revoked'::text), 'revoked: 0');
select is((select (score, state) from scores where id = 928514), (0, 'expired'::text), 'past valid_until: 0, expired');
select is((select (score, state) from scores where id = 928515), (80, 'active'::text), 'valid until tomorrow: scored as usual');
select is(private.decayed_score(100, 1.0, now() - interval '60 days', now(), 30, 180, 1), 13,
  'the formula: 100 x 1.0, two half-lives, one false positive: 12.5, rounded to 13');

-- ── Decay rules: read by analysts, changed by an admin with MFA through update_setting, audited ──
set local role anon;
select throws_ok($$ select * from public.decay_rules $$, '42501', 'permission denied for table decay_rules', 'anon cannot read decay rules');
select throws_ok($$ select public.score(i) from public.indicators i $$, '42501', null, 'anon cannot score');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select (half_life_days, lifetime_days, decayed_below)::text from public.decay_rules where indicator_type = 'ipv4'),
  '(30,180,20)', 'an analyst reads how an IP decays');
select throws_ok($$ select * from public.update_setting('lifecycle.ipv4.half_life_days', '60') $$, '42501',
  'Only administrators with a verified second factor can manage settings', 'an analyst cannot change a decay rule');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select * from public.update_setting('lifecycle.ipv4.half_life_days', '60') $$, '42501',
  'Only administrators with a verified second factor can manage settings', 'nor an admin without MFA in this session');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ update public.decay_rules set half_life_days = 60 $$, '42501', 'permission denied for table decay_rules',
  'nobody writes the rules table directly, admins included');
select is((select (category, label, value, min_value, max_value, unit)::text from public.list_settings() where key = 'lifecycle.ipv4.half_life_days'),
  '("Indicator lifecycle","IPv4 addresses: half-life",30,1,3650,days)', 'System Configuration lists the rule''s fields');
select throws_ok($$ select * from public.update_setting('lifecycle.ipv4.half_life_days', '0') $$, '22023',
  'IPv4 addresses: half-life must be between 1 and 3650', 'a half-life of 0 days is refused in words');
select is((select value from public.update_setting('lifecycle.ipv4.half_life_days', '60')), '60'::jsonb, 'an admin with MFA sets the IP half-life to 60 days');
select is((select half_life_days from public.decay_rules where indicator_type = 'ipv4'), 60, 'the rule itself changed');
select is((select (actor_id, details)::text from public.audit_trail
            where action = 'setting.changed' and target_id = 'lifecycle.ipv4.half_life_days' and transaction_id = pg_current_xact_id()),
  '(00000000-0000-4000-a000-00000000000a,"{""changes"": {""value"": {""to"": 60, ""from"": 30}}}")', 'the change is audited old -> new with its author');
select is((select i.score from public.indicators i where i.id = 928506), 57, 'the score follows at once: 30 days is now half a half-life (80 x 0.707)');
select is((select value from public.update_setting('lifecycle.ipv4.decayed_below', '60')), '60'::jsonb, 'the threshold is a setting too');
select is((select i.lifecycle_state::text from public.indicators i where i.id = 928506), 'decayed', 'and a score under it counts as decayed');
reset role;

-- ── Per role: the score of what the caller may read ─────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select i.score from public.indicators i where i.id = 928501), 80, 'an analyst reads the score of what it can read');
select is((select count(*)::int from public.indicators i where i.id = 928516), 0, 'a TLP:RED indicator and its score stay hidden from an analyst');
select is((select i.score from public.indicators i where i.id = 928517), 32, 'a RED report does not lift the score an analyst sees (E only: 32)');
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
reset role;
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select i.score from public.indicators i where i.id = 928517), 80, 'an admin with MFA, who reads the RED report, sees 80');
-- The IOC list sorts, filters and pages by score (values 192.0.2.1xx: this test's IPs; the IP half-life
-- is still 60 days), as an analyst.
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select id, score, lifecycle_state::text from public.search_indicators(_value => '192.0.2.1', _sort => 'score', _min_score => 40, _limit => 4) $$,
  $$ values (928515::bigint, 80, 'active'), (928503, 80, 'active'), (928501, 80, 'active'), (928510, 64, 'active') $$,
  'search_indicators sorts by score (then id, newest first) with each row''s score and state');
select results_eq(
  $$ select id, score from public.search_indicators(_value => '192.0.2.1', _sort => 'score', _min_score => 40, _after_key => '64', _after_id => 928510) $$,
  $$ values (928506::bigint, 57), (928505, 50), (928504, 48), (928512, 40) $$,
  'the next page continues after the last row''s score and id, down to the minimum score');
select is((select total from public.count_indicators(_value => '192.0.2.1', _min_score => 40)), 8::bigint, 'the count takes the same minimum');
select set_eq(
  $$ select sc.id, sc.score from private.indicator_scores() sc where sc.id between 928501 and 928517 $$,
  $$ select i.id, i.score from public.indicators i where i.id between 928501 and 928517 $$,
  'whole lists are scored in one pass exactly as public.score scores each row, under the caller''s RLS');
select results_eq(
  $$ select id, score from public.search_indicators(_source_id => '28500000-0000-4000-a000-00000000000a', _sort => 'score', _min_score => 40) $$,
  $$ values (928515::bigint, 80), (928503, 80), (928501, 80), (928510, 64), (928506, 57), (928505, 50), (928512, 40), (928508, 40), (928507, 40) $$,
  'the whole list sorted by score (no value search): the same scores, in order');
select results_eq(
  $$ select id from public.search_indicators(_source_id => '28500000-0000-4000-a000-00000000000a', _sort => 'score', _min_score => 40,
       _after_key => '80', _after_id => 928501) $$,
  $$ values (928510::bigint), (928506), (928505), (928512), (928508), (928507) $$,
  'and its next page continues after the last row''s score and id');
select is((select total from public.count_indicators(_source_id => '28500000-0000-4000-a000-00000000000a', _min_score => 40)), 9::bigint,
  'counted with the same minimum');
select throws_ok($$ select * from public.search_indicators(_min_score => 101) $$, '22023', 'The minimum score must be between 0 and 100.',
  'a minimum score above 100 is refused in words');
reset role;

-- Back to the shipped IP rule for detection.
set local session_replication_role = replica;
update public.decay_rules set half_life_days = 30, decayed_below = 20 where indicator_type = 'ipv4';
reset session_replication_role;

-- ── Detection: hits on expired, revoked and decayed indicators are recorded, with the reason, and raise nothing
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select is((select (inserted, updated, alerts)::text from private.record_telemetry_sightings(jsonb_build_array(
    jsonb_build_object('indicator_id', 928501, 'sensor', 'sensor-285', 'count', 2, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb),
    jsonb_build_object('indicator_id', 928514, 'sensor', 'sensor-285', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb),
    jsonb_build_object('indicator_id', 928513, 'sensor', 'sensor-285', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb),
    jsonb_build_object('indicator_id', 928509, 'sensor', 'sensor-285', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb),
    jsonb_build_object('indicator_id', 928511, 'sensor', 'sensor-285', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb)))),
  '(4,1,1)', 'five hits: four new sightings and one grown, one alert');
select is((select array_agg(indicator_id order by indicator_id) from public.enhanced_security_alerts
            where rule_key = 'telemetry-indicator' and indicator_id between 928501 and 928517), array[928501::bigint],
  'only the valid indicator raised an alert');
select results_eq(
  $$ select indicator_id, suppressed_reason, count from public.sightings where sensor = 'sensor-285' and indicator_id in (928501, 928509, 928511, 928513, 928514) order by indicator_id $$,
  $$ values (928501::bigint, null::text, 2), (928509, 'decayed', 1), (928511, 'decayed', 2), (928513, 'revoked', 1), (928514, 'expired', 1) $$,
  'every hit is recorded as evidence; the suppressed ones say why');
select is((select (i.score, i.lifecycle_state::text) from public.indicators i where i.id = 928511), (10, 'decayed'::text),
  'a decayed indicator seen again does not bring itself back to life');
update public.indicators set confidence = 30 where id = 928501;
select is((select alerts from private.record_telemetry_sightings(jsonb_build_array(
    jsonb_build_object('indicator_id', 928501, 'sensor', 'sensor-285', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb)))),
  0, 'the rule''s own threshold still holds');
select is((select suppressed_reason from public.sightings where sensor = 'sensor-285' and indicator_id = 928501), 'confidence below the rule',
  'and the sighting says so (the latest hits'' verdict)');

-- ── The hunt finds an expired value and says so ─────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select value, score, lifecycle_state::text from public.hunt_indicators(array['ipv4', 'ipv4', 'ipv4']::public.indicator_type[],
       array['192.0.2.114', '192.0.2.113', '192.0.2.106']) order by ordinal $$,
  $$ values ('192.0.2.114'::text, 0, 'expired'), ('192.0.2.113', 0, 'revoked'), ('192.0.2.106', 40, 'active') $$,
  'a hunt answers expired and revoked values with their state');
select public.alert_from_hunt(928514, 'old logs') as hunt_alert \gset
select ok((select a.description like '%The indicator is expired: detection no longer alerts on it.'
             from public.enhanced_security_alerts a where a.id = :'hunt_alert'),
  'an analyst may raise an expired hunt hit, and the alert says it is expired');
select is((select a.metadata -> 'evidence' ->> 'lifecycle_state' from public.enhanced_security_alerts a
            where a.rule_key = 'hunt-hit' and a.indicator_id = 928514), 'expired', 'with the state in its evidence');
reset role;

select * from finish();
rollback;
