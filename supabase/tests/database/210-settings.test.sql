-- System Configuration: who reads and changes settings (exact refusals per role), the server's
-- validation messages, the audit row of each change (old -> new, in the acting transaction, none for
-- a refused change), and the effect of the settings the server reads: the default TLP of a new
-- source, a matching rule's confidence threshold and dedupe window (both directions of the mirror),
-- and the retention purge.
begin;
select plan(52);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

-- The shipped values, whatever this database went through before (the test rolls back; triggers off,
-- so this leaves no audit rows of its own).
set local session_replication_role = replica;
update public.settings set value = '365' where key = 'retention.security_events_days';
update public.settings set value = '395' where key = 'retention.telemetry_volume_days';
update public.settings set value = '"amber"' where key = 'intel.default_tlp';
update public.detection_rules set min_confidence = 50 where key = 'telemetry-indicator';
update public.detection_rules set dedup_window = interval '24 hours' where key = 'leak-keyword';
update public.detection_rules set min_criticality = 'low' where key = 'kev-asset';
update public.settings set value = '50' where key = 'detection.telemetry-indicator.min_confidence';
update public.settings set value = '24' where key = 'detection.leak-keyword.dedup_window_hours';
update public.settings set value = '"low"' where key = 'detection.kev-asset.min_criticality';
reset session_replication_role;

\ir ../fixtures/claims.psql
\set refused 'Only administrators with a verified second factor can manage settings'

create temp table calls (name text, sql text);
insert into calls values
  ('list_settings', $$ select * from public.list_settings() $$),
  ('update_setting', $$ select * from public.update_setting('retention.security_events_days', '90') $$),
  ('purge_expired_data', $$ select * from public.purge_expired_data() $$);
grant select on calls to anon, authenticated, service_role;

select count(*)::int as audit_before from public.audit_trail \gset
set local role anon;
select set_config('request.jwt.claims', '{"role":"anon"}', true);
select throws_ok(sql, '42501', 'permission denied for function ' || name, 'anon cannot call ' || name) from calls;
select throws_ok($$ select * from public.settings $$, '42501', 'permission denied for table settings', 'anon cannot read settings');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(sql, '42501', :'refused', 'an analyst cannot call ' || name) from calls;
select is((select count(*)::int from public.settings), 0, 'an analyst reads no settings');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(sql, '42501', :'refused', 'an admin without MFA in this session cannot call ' || name) from calls;
select is((select count(*)::int from public.settings), 0, 'an admin without MFA reads no settings');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select count(*)::int from public.settings), (select count(*)::int from public.list_settings()), 'an admin with MFA reads every setting');
select throws_ok($$ update public.settings set value = '1' where key = 'retention.security_events_days' $$, '42501', 'permission denied for table settings', 'nobody writes the table directly');
select throws_ok($$ insert into public.settings (key, category, label, type, value) values ('x.y', 'X', 'X', 'boolean', 'true') $$, '42501', 'permission denied for table settings', 'nobody adds settings through the API');
select throws_ok($$ delete from public.settings $$, '42501', 'permission denied for table settings', 'nobody deletes settings through the API');

-- The list.
select is((select (type, value, min_value, max_value, unit)::text from public.list_settings() where key = 'retention.security_events_days'),
  '(integer,365,30,3650,days)', 'a setting comes with its type, value, range and unit');
select is((select allowed_values from public.list_settings() where key = 'intel.default_tlp'),
  array['clear', 'green', 'amber', 'amber+strict', 'red'], 'an enum setting lists its values');
select is((select value from public.list_settings() where key = 'detection.telemetry-indicator.min_confidence'),
  '50'::jsonb, 'the matching rules'' thresholds are settings with the rule''s value');

-- Validation: exact messages, nothing written.
select throws_ok($$ select * from public.update_setting('nope', '1') $$, '22023', 'Unknown setting: nope', 'an unknown key');
select throws_ok($$ select * from public.update_setting('retention.security_events_days', '"90"') $$, '22023', 'Security events kept must be a whole number', 'a string for a number');
select throws_ok($$ select * from public.update_setting('retention.security_events_days', '90.5') $$, '22023', 'Security events kept must be a whole number', 'a fraction');
select throws_ok($$ select * from public.update_setting('retention.security_events_days', '10') $$, '22023', 'Security events kept must be between 30 and 3650', 'below the range');
select throws_ok($$ select * from public.update_setting('detection.telemetry-indicator.min_confidence', '101') $$, '22023', 'Minimum confidence must be between 0 and 100', 'above the range');
select throws_ok($$ select * from public.update_setting('intel.default_tlp', '"white"') $$, '22023', 'Default TLP of new sources must be one of: clear, green, amber, amber+strict, red', 'not an allowed value');
select throws_ok($$ select * from public.update_setting('detection.kev-asset.enabled', '"yes"') $$, '22023', 'Rule enabled must be true or false', 'not a boolean');
select throws_ok($$ select * from public.update_setting('retention.security_events_days', 'null') $$, '22023', 'Security events kept needs a value', 'a JSON null');
reset role;
select is((select count(*)::int from public.audit_trail), :audit_before, 'refused calls and changes wrote no audit row');

-- A change: returned, stamped and audited old -> new.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select (value, updated_by_email)::text from public.update_setting('retention.security_events_days', '90')),
  '(90,admin@test.local)', 'an admin with MFA changes a setting');
select is((select count(*)::int from public.update_setting('retention.security_events_days', '90')), 1, 'setting the same value again is harmless');
reset role;
select is((select (actor_id, details, transaction_id = pg_current_xact_id())::text from public.audit_trail
             where action = 'setting.changed' and transaction_id = pg_current_xact_id() and target_id = 'retention.security_events_days'),
  '(00000000-0000-4000-a000-00000000000a,"{""changes"": {""value"": {""to"": 90, ""from"": 365}}}",t)',
  'one setting.changed row: the admin, old and new value, in the acting transaction');

-- Effect: the default TLP of a new source.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select value from public.update_setting('intel.default_tlp', '"green"')), '"green"'::jsonb, 'the default TLP is set to green');
reset role;
insert into public.sources (id, name) values ('52000000-0000-4000-a000-000000000001', 'Settings test feed');
select is((select default_tlp from public.sources where id = '52000000-0000-4000-a000-000000000001'), 'green'::public.tlp_level,
  'a new source without a marking gets the default TLP');

-- Effect: a matching rule's confidence threshold.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok($$ select * from public.update_setting('detection.telemetry-indicator.min_confidence', '90') $$, 'the telemetry rule''s threshold is raised to 90');
reset role;
select is((select min_confidence from public.detection_rules where key = 'telemetry-indicator'), 90::smallint, 'the rule the engine reads changed');
select is((select private.rule_allows(r, 'clear', 80) from public.detection_rules r where r.key = 'telemetry-indicator'), false,
  'an indicator of confidence 80 no longer raises an alert');
select is((select private.rule_allows(r, 'clear', 95) from public.detection_rules r where r.key = 'telemetry-indicator'), true,
  'one of confidence 95 still does');
select is((select details from public.audit_trail where action = 'setting.changed' and transaction_id = pg_current_xact_id() and target_id = 'detection.telemetry-indicator.min_confidence'),
  '{"changes": {"value": {"from": 50, "to": 90}}}'::jsonb, 'the threshold change is audited old -> new');
select is((select updated_by from public.settings where key = 'detection.telemetry-indicator.min_confidence'),
  '00000000-0000-4000-a000-00000000000a'::uuid, 'and stamped with the admin');

-- Effect: the dedupe window. A leak alert resolved two hours ago absorbs a repeat under 24 hours, not under 1.
select private.raise_alert('leak-keyword', 'settings-test-entity', 'Leak', 'Test', '{}'::jsonb) as first_alert \gset
update public.enhanced_security_alerts set status = 'resolved' where id = :'first_alert';
update public.enhanced_security_alerts set resolved_at = now() - interval '2 hours' where id = :'first_alert';
select is(private.raise_alert('leak-keyword', 'settings-test-entity', 'Leak', 'Test', '{}'::jsonb), null,
  'with the 24-hour window a repeat is counted on the closed alert');
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok($$ select * from public.update_setting('detection.leak-keyword.dedup_window_hours', '1') $$, 'the window is set to 1 hour');
reset role;
select is((select dedup_window from public.detection_rules where key = 'leak-keyword'), interval '1 hour', 'the rule''s window changed');
select isnt(private.raise_alert('leak-keyword', 'settings-test-entity', 'Leak', 'Test', '{}'::jsonb), null,
  'with the 1-hour window the repeat raises a new alert');

-- The mirror: a rule tuned through its own column grants shows up in the settings, audited.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
update public.detection_rules set min_criticality = 'high' where key = 'kev-asset';
select is((select value from public.list_settings() where key = 'detection.kev-asset.min_criticality'), '"high"'::jsonb,
  'a rule changed directly is mirrored into its setting');
reset role;
select is((select details from public.audit_trail where action = 'setting.changed' and transaction_id = pg_current_xact_id() and target_id = 'detection.kev-asset.min_criticality'),
  '{"changes": {"value": {"from": "low", "to": "high"}}}'::jsonb, 'and audited as a setting change');

-- Retention: the service role purges what the settings no longer keep (90 days of security events).
insert into public.security_events (event_type, severity, created_at) values
  ('devtools_opened', 'low', now() - interval '100 days'), ('devtools_opened', 'low', now() - interval '10 days');
insert into public.sensors (name) values ('settings-test-sensor');
insert into public.telemetry_volume (sensor, bucket, event_type, events) values
  ('settings-test-sensor', date_trunc('hour', now() - interval '500 days'), 'dns', 1),
  ('settings-test-sensor', date_trunc('hour', now() - interval '5 days'), 'dns', 1);
set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select is((select array_agg((data, kept_days, deleted)::text order by data) from public.purge_expired_data(_dry_run => true)),
  array['(security_events,90,1)', '(telemetry_volume,395,1)'], 'a dry run counts what a purge would delete');
select is((select count(*)::int from public.security_events where event_type = 'devtools_opened'), 2, 'and deletes nothing');
select is((select array_agg((data, kept_days, deleted)::text order by data) from public.purge_expired_data()),
  array['(security_events,90,1)', '(telemetry_volume,395,1)'], 'the purge deletes what is older than the retention');
select is((select value from public.update_setting('retention.telemetry_volume_days', '30')), '30'::jsonb, 'the service role may change a setting');
reset role;
select is((select count(*)::int from public.security_events where event_type = 'devtools_opened'), 1, 'the recent security event stays');
select is((select count(*)::int from public.telemetry_volume where sensor = 'settings-test-sensor'), 1, 'the recent telemetry stays');
select is((select array_agg(actor_role) from public.audit_trail where action = 'retention.purged' and transaction_id = pg_current_xact_id()), array['service_role'], 'the purge is audited, the dry run is not');

select * from finish();
rollback;
