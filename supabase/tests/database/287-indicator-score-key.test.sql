-- The stored score key (issue 26 §1): search_indicators and count_indicators, filtered or sorted by
-- score, answer exactly what scoring every row with public.score answers, for each reader, after
-- each thing that moves a score: a better source, a source regraded, an alerting sighting, a false
-- positive, a half-life changed through update_setting (its index rebuilt), a revocation, an expiry,
-- and a TLP:RED report that counts for an admin with MFA only. A row's score is read from its key
-- but near a rounding boundary, a future date or the lifetime, where the formula decides: rows on
-- each side of 59.5 (within 1e-8 and within 1e-4), one dated in the future, one on each side of
-- the lifetime.
begin;
select plan(28);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, format, reliability) values
  ('28700000-0000-4000-a000-00000000000f', 'pgTAP 287 marker', 'stix', 'F'),
  ('28700000-0000-4000-a000-00000000000a', 'pgTAP 287 reliable', 'stix', 'A'),
  ('28700000-0000-4000-a000-00000000000c', 'pgTAP 287 fair', 'stix', 'C'),
  ('28700000-0000-4000-a000-00000000000e', 'pgTAP 287 unreliable', 'stix', 'E');

-- Every indicator here is reported by the marker source (F, the default weight), which is how the
-- lists below are limited to this test's rows. Dates relative to the transaction's now().
insert into public.indicators (id, type, value, tlp, confidence, last_seen) overriding system value
select 928700 + n, t, v, 'clear', c, now() - make_interval(days => d)
  from (values
    (1, 'ipv4'::public.indicator_type, '198.51.100.1', 100, 0), (2, 'ipv4', '198.51.100.2', 100, 10),
    (3, 'ipv4', '198.51.100.3', 90, 2), (4, 'ipv4', '198.51.100.4', 70, 1), (5, 'ipv4', '198.51.100.5', 100, 45),
    (6, 'ipv4', '198.51.100.6', 100, 100), (7, 'domain', 'h287-a.example', 100, 20), (8, 'domain', 'h287-b.example', 80, 5),
    (9, 'domain', 'h287-c.example', 100, 120), (10, 'sha256', repeat('7', 64), 100, 300), (11, 'sha256', repeat('8', 64), 60, 10),
    (12, 'ipv4', '198.51.100.12', 100, 3), (13, 'ipv4', '198.51.100.13', 100, 3), (14, 'domain', 'h287-d.example', 95, 1)
  ) as x(n, t, v, c, d);
insert into public.indicator_sources (indicator_id, source_id, tlp)
select id, '28700000-0000-4000-a000-00000000000f', 'clear' from public.indicators where id between 928701 and 928714;
insert into public.indicator_sources (indicator_id, source_id, tlp) values
  (928703, '28700000-0000-4000-a000-00000000000c', 'clear'), (928708, '28700000-0000-4000-a000-00000000000a', 'clear');
insert into public.sensors (name) values ('sensor-287');

-- Domains (confidence 100, the marker's F weight 0.6: 60 at most) aged so that the unrounded score
-- is 59.5 + d: 60 for d > 0 and 59 for d < 0, whatever the float arithmetic of the key.
insert into public.indicators (id, type, value, tlp, confidence, last_seen) overriding system value
select 928700 + n, 'domain', 'h287-edge-' || n || '.example', 'clear', 100, case
    when d is not null then now() - make_interval(secs => h.days * 86400 * log(2, 60 / (59.5 + d)::numeric)::float8)
    else now() + make_interval(secs => lag) end
  from (values (15, 1e-8, 0), (16, -1e-8, 0), (17, 1e-4, 0), (18, -1e-4, 0), (19, null, 2 * 86400),
               (20, null, -(365 * 86400 - 1)), (21, null, -(365 * 86400 + 1))) as x(n, d, lag)
 cross join (select half_life_days as days from public.decay_rules where indicator_type = 'domain') h;
insert into public.indicator_sources (indicator_id, source_id, tlp)
select id, '28700000-0000-4000-a000-00000000000f', 'clear' from public.indicators where id between 928715 and 928721;
select is((select array_agg(public.score(i) order by i.id) from public.indicators i where i.id between 928715 and 928721),
  array[60, 59, 60, 59, 60, 4, 0], 'the edge rows score 60 and 59 on each side of 59.5, 60 before their date, 4 and 0 on each side of the lifetime');

-- The list as search_indicators gives it, and as scoring every row gives it; the same for counts.
\set keyed 'select coalesce(array_agg(id), ''{}'') from public.search_indicators(_source_id => ''28700000-0000-4000-a000-00000000000f'', _sort => ''score'', _min_score => 1, _limit => 500)'
\set reference 'select coalesce(array_agg(id), ''{}'') from (select i.id from public.indicators i join public.indicator_sources s on s.indicator_id = i.id and s.source_id = ''28700000-0000-4000-a000-00000000000f'' where public.score(i) >= 1 order by public.score(i) desc, i.id desc) x'
\set keyed_scores 'select id, score from public.search_indicators(_source_id => ''28700000-0000-4000-a000-00000000000f'', _sort => ''score'', _min_score => 1, _limit => 500)'
\set reference_scores 'select i.id, public.score(i) from public.indicators i join public.indicator_sources s on s.indicator_id = i.id and s.source_id = ''28700000-0000-4000-a000-00000000000f'' where public.score(i) >= 1 order by public.score(i) desc, i.id desc'
\set keyed60 'select coalesce(array_agg(id), ''{}'') from public.search_indicators(_source_id => ''28700000-0000-4000-a000-00000000000f'', _sort => ''score'', _min_score => 50, _limit => 3)'
\set reference60 'select coalesce(array_agg(id), ''{}'') from (select i.id from public.indicators i join public.indicator_sources s on s.indicator_id = i.id and s.source_id = ''28700000-0000-4000-a000-00000000000f'' where public.score(i) >= 50 order by public.score(i) desc, i.id desc limit 3) x'

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((:keyed), (:reference), 'sorted by score: the same rows in the same order as scoring each one');
select is((:keyed60), (:reference60), 'a first page above a minimum: the same');
select results_eq(:'keyed_scores', :'reference_scores', 'each row''s score read from its key is its exact score, the edge rows included');
select is((select array_agg(id order by id) from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f',
    _sort => 'score', _min_score => 60, _limit => 500) where id between 928715 and 928721),
  array[928715::bigint, 928717, 928719], 'score >= 60 keeps 59.5 + 1e-8 and + 1e-4 and the future date, not 59.5 - 1e-8 or - 1e-4');
select is((select total from public.count_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _min_score => 50)),
  (select count(*) from public.indicators i join public.indicator_sources s on s.indicator_id = i.id
    and s.source_id = '28700000-0000-4000-a000-00000000000f' where public.score(i) >= 50), 'counted the same');
select results_eq(
  $$ select id, score from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _sort => 'score', _min_score => 1,
       _after_key => (select score::text from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _sort => 'score', _min_score => 1, _limit => 4) offset 3),
       _after_id => (select id from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _sort => 'score', _min_score => 1, _limit => 4) offset 3)) $$,
  $$ select i.id, public.score(i) from public.indicators i join public.indicator_sources s on s.indicator_id = i.id
       and s.source_id = '28700000-0000-4000-a000-00000000000f' where public.score(i) >= 1 order by public.score(i) desc, i.id desc offset 4 $$,
  'the next page continues after the last row''s score and id');
reset role;

-- A better source: the stored weight follows (the importer's path: a statement adding reports).
insert into public.indicator_sources (indicator_id, source_id, tlp) values (928711, '28700000-0000-4000-a000-00000000000a', 'clear');
select is((select score_weight from public.indicators where id = 928711), 1.00, 'a report from an A source raises the stored weight');
-- An E report on an indicator that had only the marker (F): the best stays the default.
insert into public.indicator_sources (indicator_id, source_id, tlp) values (928712, '28700000-0000-4000-a000-00000000000e', 'clear');
select is((select score_weight from public.indicators where id = 928712), null, 'an E report below an F one changes nothing');
delete from public.indicator_sources where indicator_id = 928712 and source_id = '28700000-0000-4000-a000-00000000000f';
select is((select score_weight from public.indicators where id = 928712), 0.40, 'the F report removed: the E weight counts');
insert into public.indicator_sources (indicator_id, source_id, tlp) values (928712, '28700000-0000-4000-a000-00000000000f', 'clear');
select is((select score_weight from public.indicators where id = 928712), null, 'an F report on an indicator holding E''s 0.4: back to the default');
delete from public.indicator_sources where indicator_id = 928712 and source_id = '28700000-0000-4000-a000-00000000000f';
update public.sources set reliability = 'B' where id = '28700000-0000-4000-a000-00000000000c';
select is((select score_weight from public.indicators where id = 928703), 0.90, 'a source regraded C -> B: its indicators'' stored weight follows');
-- Sightings: an alerting one refreshes, a suppressed one does not, a false positive halves.
insert into public.sightings (stix_id, sighting_of_ref, stix, indicator_id, sensor, first_seen, last_seen, count, suppressed_reason, false_positive)
select 'sighting--' || extensions.uuid_generate_v4(), i.stix_id, '{}', i.id, 'sensor-287', now() - interval '1 hour', now() - interval '1 hour', 1, s.reason, false
  from (values (928706, null::text), (928709, null), (928705, 'decayed')) as s(id, reason)
  join public.indicators i on i.id = s.id;
select is((select (score_last_alerting = now() - interval '1 hour') from public.indicators where id = 928706), true,
  'an alerting sighting is stored as the newest alerting one');
select is((select score_last_alerting from public.indicators where id = 928705), null, 'a suppressed one is not');
update public.sightings set false_positive = true where indicator_id = 928709 and sensor = 'sensor-287';
select is((select (score_false_positives, score_last_alerting) from public.indicators where id = 928709), (1, null::timestamptz),
  'marked a false positive: counted, and it refreshes nothing any more');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((:keyed), (:reference), 'after a better source, a regrade, sightings and a false positive: still the same order');
select is((:keyed60), (:reference60), 'and the same first page above the minimum');

-- A half-life changed by an administrator: the type's key index is rebuilt under it.
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select value from public.update_setting('lifecycle.ipv4.half_life_days',
  to_jsonb((select half_life_days * 2 from public.decay_rules where indicator_type = 'ipv4')))),
  (select to_jsonb(half_life_days * 2) from public.decay_rules where indicator_type = 'ipv4'), 'an admin with MFA doubles the IP half-life');
select set_config('request.jwt.claims', :'analyst_claims', true);
reset role;
-- (The old index is dropped too unless another session's long read holds the table: then it stays.)
select ok(exists (select 1 from pg_indexes where schemaname = 'public'
    and indexname = 'indicators_score_key_ipv4_h' || (select half_life_days from public.decay_rules where indicator_type = 'ipv4')),
  'the IP key index is rebuilt under the new half-life');
select is((select array_agg(indexname::text) from pg_indexes where schemaname = 'public' and indexname like 'indicators\_score\_key\_domain\_h%'),
  array['indicators_score_key_domain_h' || (select half_life_days from public.decay_rules where indicator_type = 'domain')],
  'other types keep theirs');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((:keyed), (:reference), 'after the half-life change: the same order');

-- Revoked and expired: 0, off the lists.
reset role;
update public.indicators set revoked = true where id = 928701;
update public.indicators set valid_until = now() - interval '1 minute' where id = 928702;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select ok(not (928701 = any ((:keyed)::bigint[])) and not (928702 = any ((:keyed)::bigint[])), 'a revoked and an expired indicator leave the list');
select is((:keyed), (:reference), 'after a revocation and an expiry: the same order');

-- A TLP:RED report from an A source counts for an admin with MFA only.
reset role;
insert into public.indicator_sources (indicator_id, source_id, tlp) values (928704, '28700000-0000-4000-a000-00000000000a', 'red');
select is((select (score_weight, score_red) from public.indicators where id = 928704), (1.00::numeric(3,2), true),
  'a RED report: stored as an upper bound and flagged');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((:keyed), (:reference), 'an analyst''s list: the RED report does not count');
select is((select score from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _sort => 'score', _min_score => 1, _limit => 500) where id = 928704),
  (select public.score(i) from public.indicators i where i.id = 928704), 'and the row shows the analyst''s own score');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((:keyed), (:reference), 'an admin with MFA''s list: the RED report counts');
select is((select score from public.search_indicators(_source_id => '28700000-0000-4000-a000-00000000000f', _sort => 'score', _min_score => 1, _limit => 500) where id = 928704),
  (select public.score(i) from public.indicators i where i.id = 928704), 'and the row shows the admin''s own, higher score');
reset role;

select * from finish();
rollback;
