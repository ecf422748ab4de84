-- Exclusion lists, list suppression and false-positive feedback, per role: who creates, renames and
-- deletes lists (admins with MFA) and who adds and removes entries (analysts their own, admins with
-- MFA any; the service role for scripts), how entries are normalised and refused, that every change
-- is audited with its author; telemetry on a value held by a warninglist or an exclusion list is
-- recorded, says which list, and raises nothing, and a list change acts on the next batch; what may
-- go to security controls (private.indicator_actionable); the false-positive verdict on dismissal
-- (the sighting marked, the score halved, reopening takes it back); the score's history.
-- The dev stack may hold real warninglists and exclusion lists: this test removes them all first
-- (rolled back at the end), so its documentation addresses are held only by its own lists.
begin;
select plan(85);
delete from public.warninglists;
delete from public.exclusion_lists;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-00000000000c', 'authenticated', 'authenticated', 'other-analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');

\ir ../fixtures/claims.psql
\set other_analyst_claims '{"sub":"00000000-0000-4000-a000-00000000000c","role":"authenticated","session_id":"20000000-0000-4000-a000-000000000002"}'
\set service_claims '{"role":"service_role"}'
\set anon_claims '{"role":"anon"}'

-- The shipped rules, whatever this database went through before (rolled back at the end).
set local session_replication_role = replica;
update public.decay_rules set half_life_days = 30, lifetime_days = 180, decayed_below = 20 where indicator_type = 'ipv4';
update public.decay_rules set half_life_days = 90, lifetime_days = 365, decayed_below = 20 where indicator_type = 'domain';
update public.detection_rules set enabled = true, min_confidence = 50, max_tlp = 'amber+strict' where key = 'telemetry-indicator';
reset session_replication_role;

insert into public.sources (id, name, format, reliability) values
  ('29500000-0000-4000-a000-00000000000a', 'pgTAP 295 reliable', 'stix', 'A');
-- Documentation addresses and .example names only; dates relative to the transaction's now().
insert into public.indicators (id, type, value, tlp, confidence, last_seen, valid_until, revoked, revoked_at) overriding system value values
  (929501, 'ipv4', '198.51.100.7', 'clear', 80, now(), null, false, null),                     -- on the test's warninglist
  (929502, 'ipv4', '203.0.113.9', 'clear', 80, now(), null, false, null),                      -- in an excluded network
  (929503, 'domain', 'www.partner295.example', 'clear', 80, now(), null, false, null),        -- under an excluded domain
  (929504, 'url', 'https://cdn.partner295.example/x.js', 'clear', 80, now(), null, false, null), -- a URL on it
  (929505, 'ipv4', '192.0.2.55', 'clear', 80, now(), null, false, null),                       -- on no list
  (929506, 'ipv4-cidr', '198.51.100.128/25', 'clear', 80, now(), null, false, null),           -- a range inside the warninglist's
  (929507, 'ipv4', '192.0.2.57', 'clear', 80, now() - interval '30 days', null, true, now() - interval '10 days'), -- revoked 10 days ago
  (929508, 'ipv4', '192.0.2.58', 'clear', 80, now(), now() - interval '1 minute', false, null), -- expired
  (929509, 'ipv4', '192.0.2.59', 'clear', 80, now() - interval '181 days', null, false, null),  -- decayed
  (929510, 'ipv4', '192.0.2.60', 'clear', 80, now() - interval '5 days', null, false, null),    -- for the score's history
  (929511, 'ipv4', '192.0.2.61', 'red', 80, now(), null, false, null);                         -- TLP:RED
insert into public.indicator_sources (indicator_id, source_id, tlp, first_seen, last_seen)
select i.id, '29500000-0000-4000-a000-00000000000a', case when i.tlp = 'red' then 'red'::public.tlp_level else 'clear' end,
       coalesce(s.first_seen, i.last_seen), coalesce(s.last_seen, i.last_seen)
  from public.indicators i
  left join (values (929507, now() - interval '30 days', now() - interval '30 days'),
                    (929510, now() - interval '20 days', now() - interval '5 days')) s(id, first_seen, last_seen) on s.id = i.id
 where i.id between 929501 and 929511;
insert into public.sensors (name) values ('sensor-295');

-- A small warninglist of this test's own: a network for addresses.
insert into public.warninglists (name, type, version, matching_attributes) values ('pgTAP 295 ranges', 'cidr', 1, '{ip-src,ip-dst}');
insert into public.warninglist_entries (warninglist_id, kind, value, key, cidr)
select w.id, 'cidr', '198.51.100.0/24', '198.51.100.0/24', '198.51.100.0/24' from public.warninglists w where w.name = 'pgTAP 295 ranges';

-- ── Lists: read by every signed-in user, managed by admins with MFA only ────────────────────────
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok($$ select * from public.exclusion_lists $$, '42501', 'permission denied for table exclusion_lists', 'anon cannot read exclusion lists');
select throws_ok($$ select * from public.create_exclusion_list('pgTAP 295 anon') $$, '42501',
  'permission denied for function create_exclusion_list', 'anon cannot create a list');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ select * from public.create_exclusion_list('pgTAP 295 analyst') $$, '42501', 'Admin privileges required',
  'an analyst cannot create a list');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select * from public.create_exclusion_list('pgTAP 295 admin') $$, '42501', 'Admin privileges required',
  'nor an admin without MFA in this session');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select id as partners from public.create_exclusion_list('  pgTAP 295 partner networks ', 'Partners'' relays') \gset
select is((select (name, description, created_by)::text from public.exclusion_lists where id = :partners),
  '("pgTAP 295 partner networks","Partners'' relays",00000000-0000-4000-a000-00000000000a)', 'an admin with MFA creates a list (name trimmed, author kept)');
select throws_ok($$ select * from public.create_exclusion_list('PGTAP 295 PARTNER NETWORKS') $$, '23505',
  'There is already an exclusion list named "PGTAP 295 PARTNER NETWORKS".', 'a name taken in any case is refused');
select throws_ok($$ select * from public.create_exclusion_list('   ') $$, '22023', 'A list needs a name of 1 to 200 characters.',
  'a blank name is refused in words');
select is((select name from public.update_exclusion_list(:partners, 'pgTAP 295 partners', 'Partners'' relays and ranges')),
  'pgTAP 295 partners', 'an admin with MFA renames a list');
select id as scratch from public.create_exclusion_list('pgTAP 295 scratch') \gset
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok(format('select public.update_exclusion_list(%s, %L, %L)', :partners, 'pgTAP 295 mine', ''), '42501',
  'Admin privileges required', 'an analyst cannot rename a list');
select throws_ok(format('select public.delete_exclusion_list(%s)', :scratch), '42501', 'Admin privileges required',
  'an analyst cannot delete a list');
select ok((select count(*) from public.exclusion_lists where id in (:partners, :scratch)) = 2, 'an analyst reads the lists');
select throws_ok(format('update public.exclusion_lists set name = %L where id = %s', 'pgTAP 295 direct', :partners), '42501',
  'permission denied for table exclusion_lists', 'nobody renames a list past the checked function');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(format('select public.delete_exclusion_list(%s)', :scratch), '42501', 'Admin privileges required',
  'an admin without MFA cannot delete a list');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok(format('delete from public.exclusion_lists where id = %s', :scratch), '42501',
  'permission denied for table exclusion_lists', 'an admin with MFA, too, deletes only through the checked function');
select lives_ok(format('select public.delete_exclusion_list(%s)', :scratch), 'an admin with MFA deletes a list');
select is((select count(*)::int from public.exclusion_lists where id = :scratch), 0, 'and it is gone');
reset role;
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select throws_ok($$ select * from public.create_exclusion_list('pgTAP 295 script') $$, '42501', 'Admin privileges required',
  'the service role has no MFA session: it cannot create a list through the function');
select throws_ok(format('select public.delete_exclusion_list(%s)', :partners), '42501', 'Admin privileges required',
  'nor delete one');
reset role;
select is((select array_agg(action order by id) from public.audit_trail
            where target_type = 'exclusion_list' and target_id in (:'partners', :'scratch') and transaction_id = pg_current_xact_id()
              and actor_id = '00000000-0000-4000-a000-00000000000a'),
  array['exclusion_list.created', 'exclusion_list.changed', 'exclusion_list.created', 'exclusion_list.deleted'],
  'each list change is in the audit trail with the admin who made it');
select is((select details -> 'changes' -> 'name' from public.audit_trail
            where action = 'exclusion_list.changed' and target_id = :'partners' and transaction_id = pg_current_xact_id()),
  '{"from": "pgTAP 295 partner networks", "to": "pgTAP 295 partners"}'::jsonb, 'a rename is audited old -> new');

-- ── Entries: every signed-in user adds, with a reason; values stored as they are looked up ──────
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'value', 'x', 'why'), '42501',
  'permission denied for function add_exclusion', 'anon cannot add an exclusion');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select id as cidr_entry, value as cidr_value, note as cidr_note
  from public.add_exclusion(:partners, 'cidr', ' 203.0.113.5/24 ', 'Partner relay network') \gset
select is(:'cidr_value'::text, '203.0.113.0/24', 'an analyst adds a network; it is stored without host bits');
select is(:'cidr_note'::text, 'Host bits cleared: 203.0.113.5/24 is stored as 203.0.113.0/24.', 'and the answer says so');
select id as domain_entry, value as domain_value, coalesce(note, '(none)') as domain_note
  from public.add_exclusion(:partners, 'domain', 'Partner295.Example.', 'Partner CDN') \gset
select is(:'domain_value'::text, 'partner295.example', 'a domain is stored lower-case without the trailing dot');
select is(:'domain_note'::text, '(none)', 'with no note');
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'cidr', '10.0.0.0/7', 'too wide'), '22023',
  'A network wider than /8 would exclude too much: 10.0.0.0/7.', 'a network wider than /8 is refused');
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'cidr', 'not-an-ip', 'typo'), '22023',
  '"not-an-ip" is not an IP address or network.', 'a value that is no network is refused in words');
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'domain', 'https://x.example/', 'pasted'), '22023',
  '"https://x.example/" is not a domain (letters, digits, hyphens and dots; no scheme or path).', 'a URL is no domain');
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'domain', 'PARTNER295.example', 'again'), '23505',
  'The list already holds partner295.example.', 'a duplicate (in any case) is refused');
select throws_ok(format('select * from public.add_exclusion(%s, %L, %L, %L)', :partners, 'value', 'pgTAP-295', '  '), '22023',
  'An exclusion needs a reason of 1 to 500 characters.', 'an entry needs a reason');
select id as own_entry from public.add_exclusion(:partners, 'value', 'pgTAP-295-own-value', 'Benign in our logs') \gset
select throws_ok(format('insert into public.exclusion_entries (list_id, kind, value, key, reason) values (%s, %L, %L, %L, %L)',
  :partners, 'value', 'pgTAP-295-direct', 'pgTAP-295-direct', 'direct'), '42501', 'permission denied for table exclusion_entries',
  'nobody adds an entry past the checked function');
select set_config('request.jwt.claims', :'admin_claims', true);
select ok((select count(*) = 1 from public.add_exclusion(:partners, 'value', 'pgTAP-295-admin-value', 'Admin''s note')),
  'an admin without MFA adds an entry too (every signed-in user is an analyst)');
reset role;
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select id as script_entry from public.add_exclusion(:partners, 'value', 'pgTAP-295-script-value', 'Imported by a script') \gset
select is((select added_by from public.exclusion_entries where id = :script_entry), null, 'the service role adds an entry (no author)');
select id as script_entry_2 from public.add_exclusion(:partners, 'value', 'pgTAP-295-script-value-2', 'Imported by a script') \gset
reset role;

-- Removing: the author or an admin with MFA.
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok(format('select public.remove_exclusion(%s)', :own_entry), '42501', 'permission denied for function remove_exclusion',
  'anon cannot remove an exclusion');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'other_analyst_claims', true);
select throws_ok(format('select public.remove_exclusion(%s)', :own_entry), '42501',
  'Only the analyst who added an exclusion, or an administrator, removes it.', 'another analyst cannot remove an analyst''s entry');
select throws_ok(format('select public.remove_exclusion(%s)', :script_entry), '42501',
  'Only the analyst who added an exclusion, or an administrator, removes it.',
  'nor an entry without an author (added by a script, or its author''s account deleted)');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok(format('select public.remove_exclusion(%s)', :own_entry), '42501',
  'Only the analyst who added an exclusion, or an administrator, removes it.', 'an admin without MFA cannot remove another''s entry');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select lives_ok(format('select public.remove_exclusion(%s)', :own_entry), 'an admin with MFA removes an analyst''s entry');
reset role;
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select lives_ok(format('select public.remove_exclusion(%s)', :script_entry_2), 'the service role (scripts) removes an entry');
reset role;
select is((select count(*)::int from public.exclusion_entries where id in (:own_entry, :script_entry_2)), 0, 'both are gone');
select is((select (actor_id, actor_role) from public.audit_trail
            where action = 'exclusion_entry.created' and target_id = :'cidr_entry' and transaction_id = pg_current_xact_id()),
  ('00000000-0000-4000-a000-00000000000b'::uuid, 'analyst'::text), 'an added entry is audited with the analyst who added it');
select is((select details -> 'row' ->> 'reason' from public.audit_trail
            where action = 'exclusion_entry.created' and target_id = :'cidr_entry' and transaction_id = pg_current_xact_id()),
  'Partner relay network', 'with its reason');
select is((select (actor_id, actor_role) from public.audit_trail
            where action = 'exclusion_entry.deleted' and target_id = :'own_entry' and transaction_id = pg_current_xact_id()),
  ('00000000-0000-4000-a000-00000000000a'::uuid, 'admin'::text), 'a removal is audited with the admin who removed it');
select is((select actor_role from public.audit_trail
            where action = 'exclusion_entry.deleted' and target_id = :'script_entry_2' and transaction_id = pg_current_xact_id()),
  'service_role', 'a script''s removal is audited as the service role''s');
select is((select (added_by, added_by_email) from public.exclusion_entries where id = :cidr_entry),
  ('00000000-0000-4000-a000-00000000000b'::uuid, 'analyst@test.local'::text), 'the entry keeps its author and their e-mail');

-- ── Suppression: a held value is recorded, says which list, and raises nothing ──────────────────
select set_config('request.jwt.claims', :'service_claims', true);
select is((select (inserted, updated, alerts)::text from private.record_telemetry_sightings(
    (select jsonb_agg(jsonb_build_object('indicator_id', id, 'sensor', 'sensor-295', 'count', 1, 'first_seen', now(),
                                         'last_seen', now(), 'last_event', '{}'::jsonb))
       from unnest(array[929501, 929502, 929503, 929504, 929505, 929506]) id))),
  '(6,0,1)', 'six hits, six sightings, one alert');
select is((select array_agg(indicator_id) from public.enhanced_security_alerts
            where rule_key = 'telemetry-indicator' and indicator_id between 929501 and 929511),
  array[929505::bigint], 'only the value held by no list alerts');
select results_eq(
  $$ select indicator_id, suppressed_reason from public.sightings where sensor = 'sensor-295' order by indicator_id $$,
  $$ values (929501::bigint, 'on warninglist pgTAP 295 ranges'), (929502, 'on exclusion list pgTAP 295 partners'),
            (929503, 'on exclusion list pgTAP 295 partners'), (929504, 'on exclusion list pgTAP 295 partners'),
            (929505, null), (929506, 'on warninglist pgTAP 295 ranges') $$,
  'each held sighting names the list: a warninglist network, an excluded network, a subdomain and a URL under an excluded domain, a range inside a listed network');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select i.id, i.exclusions, i.warninglists from public.indicators i where i.id in (929501, 929502, 929504, 929505, 929506) order by i.id $$,
  $$ values (929501::bigint, '{}'::text[], '{"pgTAP 295 ranges"}'::text[]), (929502, '{"pgTAP 295 partners"}', '{}'),
            (929504, '{"pgTAP 295 partners"}', '{}'), (929505, '{}', '{}'), (929506, '{}', '{"pgTAP 295 ranges"}') $$,
  'an analyst reads which lists hold each value (indicators.exclusions and .warninglists)');
-- A list change acts on the next batch: the author removes the domain.
select lives_ok(format('select public.remove_exclusion(%s)', :domain_entry), 'the analyst who added the domain removes it');
reset role;
select is((select (actor_id, details -> 'row' ->> 'value') from public.audit_trail
            where action = 'exclusion_entry.deleted' and target_id = :'domain_entry' and transaction_id = pg_current_xact_id()),
  ('00000000-0000-4000-a000-00000000000b'::uuid, 'partner295.example'::text), 'audited with its author');
select set_config('request.jwt.claims', :'service_claims', true);
select is((select alerts from private.record_telemetry_sightings(jsonb_build_array(
    jsonb_build_object('indicator_id', 929503, 'sensor', 'sensor-295', 'count', 1, 'first_seen', now(), 'last_seen', now(), 'last_event', '{}'::jsonb)))),
  1, 'the next hit on the subdomain alerts at once');
select is((select suppressed_reason from public.sightings where sensor = 'sensor-295' and indicator_id = 929503), null,
  'and its sighting no longer says it is held');

-- ── What may go to security controls ──────────────────────────────────────────────────────────
select results_eq(
  $$ select i.id, private.indicator_actionable(i) from public.indicators i where i.id in (929501, 929502, 929505, 929507, 929508, 929509) order by i.id $$,
  $$ values (929501::bigint, false), (929502, false), (929505, true), (929507, false), (929508, false), (929509, false) $$,
  'actionable: only the active value on no list (not listed, not revoked, expired or decayed)');
select ok(private.indicator_actionable(i), 'the subdomain is actionable again once its entry is gone')
  from public.indicators i where i.id = 929503;

-- ── False-positive feedback ─────────────────────────────────────────────────────────────────────
select id as fp_alert, sighting_id as fp_sighting from public.enhanced_security_alerts
 where rule_key = 'telemetry-indicator' and indicator_id = 929505 \gset
select id as other_alert from public.enhanced_security_alerts
 where rule_key = 'telemetry-indicator' and indicator_id = 929503 \gset
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select i.score from public.indicators i where i.id = 929505), 80, 'before the verdict: 80');
select throws_ok(format('update public.enhanced_security_alerts set false_positive = true where id = %L', :'other_alert'), '23514',
  'Only a dismissed alert is judged a false positive.', 'an open alert cannot be judged a false positive');
select throws_ok(format('update public.enhanced_security_alerts set status = %L, false_positive = true where id = %L', 'resolved', :'other_alert'),
  '23514', 'Only a dismissed alert is judged a false positive.', 'nor a resolved one');
select lives_ok(format('update public.enhanced_security_alerts set status = %L, dismissal_reason = %L, false_positive = true where id = %L',
  'dismissed', 'Our own scanner', :'fp_alert'), 'an analyst dismisses an alert as a false positive in one change');
reset role;
select is((select false_positive from public.sightings where stix_id = :'fp_sighting'), true, 'the sighting behind it is marked false-positive');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select i.score from public.indicators i where i.id = 929505), 40, 'and the score halves');
reset role;
select is((select (kind, from_value, to_value, actor_id)::text from public.alert_events where alert_id = :'fp_alert' and kind = 'false_positive'),
  '(false_positive,false,true,00000000-0000-4000-a000-00000000000b)', 'the verdict is in the alert''s history with the analyst');
select is((select (actor_id, details ->> 'reason', details ->> 'sighting') from public.audit_trail
            where action = 'alert.false_positive_marked' and target_id = :'fp_alert' and transaction_id = pg_current_xact_id()),
  ('00000000-0000-4000-a000-00000000000b'::uuid, 'Our own scanner'::text, :'fp_sighting'::text), 'and in the audit trail');

-- A second alert on the same sighting, also judged a false positive: reopening one keeps the mark.
insert into public.enhanced_security_alerts (title, indicator_id, sighting_id) values ('pgTAP 295 second look', 929505, :'fp_sighting')
returning id as second_alert \gset
set local role authenticated;
select set_config('request.jwt.claims', :'other_analyst_claims', true);
select lives_ok(format('update public.enhanced_security_alerts set status = %L, dismissal_reason = %L, false_positive = true where id = %L',
  'dismissed', 'Same scanner', :'second_alert'), 'another analyst judges a second alert on the sighting a false positive');
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok(format('update public.enhanced_security_alerts set status = %L where id = %L', 'investigating', :'fp_alert'),
  'the analyst reopens the first alert');
reset role;
select is((select (status::text, false_positive, dismissal_reason) from public.enhanced_security_alerts where id = :'fp_alert'),
  ('investigating'::text, false, null::text), 'reopening clears the alert''s verdict and reason');
select is((select false_positive from public.sightings where stix_id = :'fp_sighting'), true,
  'the sighting stays false-positive while another alert on it is judged so');
set local role authenticated;
select set_config('request.jwt.claims', :'other_analyst_claims', true);
select lives_ok(format('update public.enhanced_security_alerts set status = %L where id = %L', 'investigating', :'second_alert'),
  'the second alert is reopened too');
reset role;
select is((select false_positive from public.sightings where stix_id = :'fp_sighting'), false, 'now the sighting is cleared');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select i.score from public.indicators i where i.id = 929505), 80, 'and the score is whole again');
reset role;
select is((select array_agg((from_value, to_value, actor_id)::text order by id) from public.alert_events
            where alert_id = :'fp_alert' and kind = 'false_positive'),
  array['(false,true,00000000-0000-4000-a000-00000000000b)', '(true,false,00000000-0000-4000-a000-00000000000b)'],
  'the alert''s history has the verdict and its withdrawal');
select is((select array_agg(action order by id) from public.audit_trail
            where target_type = 'alert' and target_id in (:'fp_alert', :'second_alert') and action like 'alert.false_positive_%'
              and transaction_id = pg_current_xact_id()),
  array['alert.false_positive_marked', 'alert.false_positive_marked', 'alert.false_positive_cleared', 'alert.false_positive_cleared'],
  'the audit trail has each verdict and each withdrawal');
select is((select actor_id from public.audit_trail
            where action = 'alert.false_positive_cleared' and target_id = :'second_alert' and transaction_id = pg_current_xact_id()),
  '00000000-0000-4000-a000-00000000000c'::uuid, 'with who took it back');

-- ── The score's history ───────────────────────────────────────────────────────────────────────
set local role anon;
select set_config('request.jwt.claims', :'anon_claims', true);
select throws_ok($$ select * from public.indicator_score_history(929510) $$, '42501',
  'permission denied for function indicator_score_history', 'anon cannot read a score''s history');
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
create temp table history as
  select h.* from public.indicator_score_history(929510) with ordinality as h(at, score, kind, label, n);
select is((select count(*)::int from history where kind = 'now'), 1, 'the history has one row for now');
select is((select score from history where kind = 'now'), (select i.score from public.indicators i where i.id = 929510),
  'whose score is the indicator''s score now');
select is((select kind from history where kind <> 'point' order by n desc limit 1), 'now', 'the events end with now');
select is((select array_agg(label order by n) from history where kind = 'report'),
  array['First report by pgTAP 295 reliable (reliability A)', 'Latest report by pgTAP 295 reliable'], 'it has the source''s first and latest report');
select is((select count(*)::int from (select at < lag(at) over (order by n) as back from history) x where back), 0,
  'its rows are in time order');
select ok((select score from history where kind = 'point' and at > now() order by n desc limit 1) < 20
          and (select max(score) from history) > 0
          and (select max(at) from history) < now() + interval '180 days',
  'the curve runs on past the day the score falls under the decayed threshold, not to the end of the lifetime');
select results_eq(
  $$ select bool_and(h.score = 0) filter (where h.at >= i.revoked_at), bool_or(h.score > 0) filter (where h.at < i.revoked_at),
            count(*) filter (where h.kind = 'revoked')
       from public.indicator_score_history(929507) h, public.indicators i where i.id = 929507 $$,
  $$ values (true, true, 1::bigint) $$,
  'a revoked indicator scores until its revocation and 0 from then on');
select throws_ok($$ select * from public.indicator_score_history(929511) $$, '22023', 'No indicator 929511.',
  'an analyst cannot read the history of a TLP:RED indicator: there is none for them');
select set_config('request.jwt.claims', :'other_analyst_claims', true);
select throws_ok($$ select * from public.indicator_score_history(929511) $$, '22023', 'No indicator 929511.',
  'nor another analyst');
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
reset role;
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select score from public.indicator_score_history(929511) where kind = 'now'), 80, 'an admin with MFA reads it');
reset role;
set local role service_role;
select set_config('request.jwt.claims', :'service_claims', true);
select ok((select count(*) > 0 from public.indicator_score_history(929510)), 'the service role reads a history');
reset role;

select * from finish();
rollback;
