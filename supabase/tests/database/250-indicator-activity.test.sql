-- An indicator's activity (its drawer's Sightings and Alerts tabs): counts, latest first, the list
-- size refused in words, and nothing about a TLP:RED indicator or a RED sighting for an analyst.
begin;
select plan(16);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.sensors (name) values ('test-fw-01'), ('test-ids-02'), ('test-secret-tap');
insert into public.indicators (id, type, value, tlp) overriding system value values
  (9000001, 'domain', 'seen.evil.example', 'amber'),
  (9000002, 'domain', 'red.evil.example', 'red'),
  (9000003, 'domain', 'quiet.evil.example', 'clear');
insert into public.sightings (stix_id, sighting_of_ref, count, first_seen, last_seen, tlp, stix, indicator_id, sensor, last_event)
  select format('sighting--00000000-0000-4000-8000-%s', lpad(n::text, 12, '0')), i.stix_id, n * 10,
         timestamptz '2026-11-01' + (n || ' days')::interval, timestamptz '2026-11-10' + (n || ' days')::interval,
         t.tlp::public.tlp_level, '{}', i.id, t.sensor, jsonb_build_object('event_type', 'dns')
    from (values (1, 9000001, 'test-fw-01', 'amber'), (2, 9000001, 'test-ids-02', 'amber'),
                 (3, 9000001, 'test-secret-tap', 'red'), (4, 9000002, 'test-fw-01', 'red')) t(n, indicator, sensor, tlp)
    join public.indicators i on i.id = t.indicator;
-- A STIX sighting from a feed: no sensor, a where_sighted identity.
insert into public.sightings (stix_id, sighting_of_ref, where_sighted_refs, count, last_seen, tlp, stix)
  select 'sighting--00000000-0000-4000-8000-000000000005', stix_id, '{identity--00000000-0000-4000-8000-000000000001}', 2,
         '2026-11-01', 'clear', '{}' from public.indicators where id = 9000001;
insert into public.enhanced_security_alerts (id, title, status, indicator_id, created_at) values
  ('a0000000-0000-4000-a000-000000000001', 'Seen once', 'resolved', 9000001, '2026-11-20'),
  ('a0000000-0000-4000-a000-000000000002', 'Seen twice', 'new', 9000001, '2026-11-21'),
  ('a0000000-0000-4000-a000-000000000003', 'Red one seen', 'new', 9000002, '2026-11-22');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select * from public.indicator_activity(9000001) $$, '42501', null, 'anon reads no activity');
select throws_ok($$ select * from public.indicator_sightings(9000001) $$, '42501', null, 'nor sightings');
select throws_ok($$ select * from public.indicator_alerts(9000001) $$, '42501', null, 'nor alerts');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

select is((select (sightings, seen, sensors, alerts, open_alerts) from public.indicator_activity(9000001)),
  (3::bigint, 32::bigint, 2::bigint, 2::bigint, 1::bigint), 'the counts leave the RED sighting out; one alert of two is open');
select is((select (sightings, seen, sensors, alerts, open_alerts) from public.indicator_activity(9000003)),
  (0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint), 'an indicator never seen counts zeros');
select is((select count(*)::int from public.indicator_activity(9000002)), 0, 'a RED indicator has no activity row for an analyst');
select results_eq($$ select sensor from public.indicator_sightings(9000001) $$,
  $$ values ('test-ids-02'::text), ('test-fw-01'), (null) $$, 'sightings latest first, the RED one left out, the feed''s one last');
select is((select where_sighted_refs from public.indicator_sightings(9000001) where sensor is null),
  '{identity--00000000-0000-4000-8000-000000000001}'::text[], 'a feed''s sighting names where it was seen');
select is((select last_event_type from public.indicator_sightings(9000001) limit 1), 'dns', 'with the last event''s type');
select is((select count(*)::int from public.indicator_sightings(9000001, 1)), 1, 'the list size is kept');
select is((select count(*)::int from public.indicator_sightings(9000002)), 0, 'a RED indicator''s sightings stay hidden');
select results_eq($$ select title from public.indicator_alerts(9000001) $$,
  $$ values ('Seen twice'::text), ('Seen once') $$, 'alerts newest first, resolved ones too');
select is((select count(*)::int from public.indicator_alerts(9000002)), 0, 'a RED indicator''s alerts are not listed through it');
select throws_ok($$ select * from public.indicator_alerts(9000001, 0) $$, '22023', 'The list size must be between 1 and 200.', 'a bad list size is refused in words');
select throws_ok($$ select * from public.indicator_sightings(9000001, 201) $$, '22023', 'The list size must be between 1 and 200.', 'on both lists');

reset role;
select is((select sightings from public.indicator_activity(9000002)), 1::bigint, 'the owner reads the RED indicator''s activity');

select * from finish();
rollback;
