-- The Executive Briefing names an actor only on evidence specific to it: an indicator linked to the actor,
-- to one of its campaigns, or carried by a report that names it (moderate confidence); a family few actors
-- use hints at them (low confidence); a family many actors use (Cobalt Strike) attributes nothing.
begin;
select plan(17);

set local client_min_messages = warning;
truncate public.enhanced_security_alerts, public.sightings, public.relationships, public.indicators,
  public.intel_objects, public.indicator_sources cascade;

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.sources (id, name, format) values ('50000000-0000-4000-a000-000000000171', 'Attribution feed', 'stix');

-- One indicator per path of evidence, all new this week.
insert into public.indicators (id, type, value, tlp, created_at) overriding system value values
  (917101, 'domain', 'commodity.evil.example', 'clear', now() - interval '1 day'),
  (917102, 'domain', 'rare.evil.example', 'clear', now() - interval '1 day'),
  (917103, 'domain', 'direct.evil.example', 'clear', now() - interval '1 day'),
  (917104, 'domain', 'campaign.evil.example', 'clear', now() - interval '1 day'),
  (917105, 'domain', 'stix-report.evil.example', 'clear', now() - interval '1 day'),
  (917106, 'domain', 'misp-event.evil.example', 'clear', now() - interval '1 day'),
  (917107, 'domain', 'misp-event-2.evil.example', 'clear', now() - interval '1 day');

insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('malware--00000000-0000-4000-8000-000000171001', 'malware', 'Beacon Kit', 'clear', '{}'),
  ('malware--00000000-0000-4000-8000-000000171002', 'malware', 'Rare RAT', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171011', 'intrusion-set', 'Shared One', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171012', 'intrusion-set', 'Shared Two', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171013', 'intrusion-set', 'Shared Three', 'clear', '{}'),
  ('threat-actor--00000000-0000-4000-8000-000000171014', 'threat-actor', 'Shared Four', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171021', 'intrusion-set', 'Rare User', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171031', 'intrusion-set', 'Direct Crew', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171041', 'intrusion-set', 'Campaign Crew', 'clear', '{}'),
  ('campaign--00000000-0000-4000-8000-000000171042', 'campaign', 'Operation Test', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171051', 'intrusion-set', 'Report Crew', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000171061', 'intrusion-set', 'Event Crew', 'clear', '{}'),
  ('report--00000000-0000-4000-8000-000000171052', 'report', 'A STIX report', 'clear',
   '{"object_refs": ["intrusion-set--00000000-0000-4000-8000-000000171051", "indicator--00000000-0000-4000-8000-0000001710aa"]}'),
  ('report--00000000-0000-4000-8000-000000171062', 'report', 'A MISP event', 'clear',
   '{"x_misp_event_uuid": "00000000-0000-4000-8000-000000171062", "object_refs": ["intrusion-set--00000000-0000-4000-8000-000000171061"]}');

insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select 'relationship--' || extensions.uuid_generate_v4(), r.kind, r.source, r.target, 'clear', '{}'
  from (values
    -- Beacon Kit: used by four known actors, so it attributes nothing.
    ('indicates', private.indicator_stix_id('domain', 'commodity.evil.example'), 'malware--00000000-0000-4000-8000-000000171001'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-000000171011', 'malware--00000000-0000-4000-8000-000000171001'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-000000171012', 'malware--00000000-0000-4000-8000-000000171001'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-000000171013', 'malware--00000000-0000-4000-8000-000000171001'),
    ('uses', 'threat-actor--00000000-0000-4000-8000-000000171014', 'malware--00000000-0000-4000-8000-000000171001'),
    -- Rare RAT: one known user, a hint.
    ('indicates', private.indicator_stix_id('domain', 'rare.evil.example'), 'malware--00000000-0000-4000-8000-000000171002'),
    ('uses', 'intrusion-set--00000000-0000-4000-8000-000000171021', 'malware--00000000-0000-4000-8000-000000171002'),
    -- An indicator of the actor itself, and one of a campaign attributed to an actor.
    ('indicates', private.indicator_stix_id('domain', 'direct.evil.example'), 'intrusion-set--00000000-0000-4000-8000-000000171031'),
    ('indicates', private.indicator_stix_id('domain', 'campaign.evil.example'), 'campaign--00000000-0000-4000-8000-000000171042'),
    ('attributed-to', 'campaign--00000000-0000-4000-8000-000000171042', 'intrusion-set--00000000-0000-4000-8000-000000171041')
  ) as r (kind, source, target);

-- The STIX report names its indicator by the bundle's id; the MISP event's indicators carry the event's uuid.
insert into public.indicator_sources (indicator_id, source_id, source_ref, tlp, context) values
  (917105, '50000000-0000-4000-a000-000000000171', 'indicator--00000000-0000-4000-8000-0000001710aa', 'clear', '{}'),
  (917106, '50000000-0000-4000-a000-000000000171', 'attr-1', 'clear', '{"event_uuid": "00000000-0000-4000-8000-000000171062"}'),
  (917107, '50000000-0000-4000-a000-000000000171', 'attr-2', 'clear', '{"event_uuid": "00000000-0000-4000-8000-000000171062"}');

-- Five alerts on the commodity family (it is the most active), one on the rare one, one on the direct indicator.
insert into public.enhanced_security_alerts (title, severity, created_at, indicator_id)
select 'commodity ' || n, 'high', now() - interval '1 hour', 917101 from generate_series(1, 5) as n;
insert into public.enhanced_security_alerts (title, severity, created_at, indicator_id) values
  ('rare', 'high', now() - interval '2 hours', 917102),
  ('direct', 'high', now() - interval '3 hours', 917103);

\ir ../fixtures/claims.psql
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

create temporary table briefing on commit drop as select * from public.briefing_threats(7, 20);

select is((select count(*)::int from briefing where name like 'Shared%'), 0,
  'a family used by four actors names none of them');
select results_eq(
  $$ select alerts::int, used_by_actors::int, shared from briefing where name = 'Beacon Kit' $$,
  $$ values (5, 4, true) $$,
  'the family itself is still the most active, with how many actors use it, marked shared');
select results_eq(
  $$ select used_by_actors::int, shared from briefing where name = 'Rare RAT' $$,
  $$ values (1, false) $$,
  'a family one actor uses is not shared');
select results_eq(
  $$ select alerts::int, confidence, evidence, evidence_count::int, via_software from briefing where name = 'Rare User' $$,
  $$ values (1, 'low', 'software', 1, '{Rare RAT}'::text[]) $$,
  'the only user of a rare family is named with low confidence, and the family that links it');
select results_eq(
  $$ select alerts::int, confidence, evidence, evidence_count::int from briefing where name = 'Direct Crew' $$,
  $$ values (1, 'moderate', 'direct', 1) $$,
  'an indicator of the actor itself attributes with moderate confidence');
select results_eq(
  $$ select new_indicators::int, confidence, evidence, evidence_count::int from briefing where name = 'Campaign Crew' $$,
  $$ values (1, 'moderate', 'campaigns', 1) $$,
  'an indicator of a campaign attributed to the actor attributes with moderate confidence');
select results_eq(
  $$ select new_indicators::int, confidence, evidence, evidence_count::int from briefing where name = 'Report Crew' $$,
  $$ values (1, 'moderate', 'reports', 1) $$,
  'an indicator a STIX report carries (by the bundle''s id) attributes to the actor the report names');
select results_eq(
  $$ select new_indicators::int, confidence, evidence, evidence_count::int from briefing where name = 'Event Crew' $$,
  $$ values (2, 'moderate', 'reports', 2) $$,
  'the indicators of a MISP event attribute to the actor the event names');
select is((select array_agg(name order by alerts desc, name) from briefing where kind = 'malware'),
  '{Beacon Kit,Rare RAT}', 'families are ranked by activity');
select is(
  (select array_agg(name) from public.briefing_threats(7, 20) where kind = 'actor'),
  '{Direct Crew,Event Crew,Campaign Crew,Report Crew,Rare User}',
  'actors with specific evidence come first, whatever the weak ones'' activity');
select is((select count(*)::int from briefing where kind = 'malware' and confidence is not null), 0,
  'families carry no attribution confidence');

-- A sighting of the actor itself is direct evidence; the sighting is the reference counted.
reset role;
insert into public.sightings (stix_id, sighting_of_ref, first_seen, last_seen, count, tlp, stix) values
  ('sighting--00000000-0000-4000-8000-000000171071', 'intrusion-set--00000000-0000-4000-8000-000000171021',
   now() - interval '2 days', now() - interval '1 day', 1, 'clear', '{}');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select sightings::int, confidence, evidence, evidence_count::int from public.briefing_threats(7, 20) where name = 'Rare User' $$,
  $$ values (1, 'moderate', 'direct', 1) $$,
  'a sighting of the actor lifts it to moderate confidence');
reset role;

-- Speed: the function never JIT-compiles, and what it reads is indexed.
select ok((select 'jit=off' = any (proconfig) from pg_proc where oid = 'public.briefing_threats(integer, integer)'::regprocedure),
  'the briefing never spends a second compiling a query that runs in milliseconds');
select ok(exists (select 1 from pg_indexes where indexname = 'relationships_indicates_idx'), 'indicates links are indexed');
select ok(exists (select 1 from pg_indexes where indexname = 'indicator_sources_event_uuid_idx'), 'a MISP event''s indicators are indexed');
select ok(exists (select 1 from pg_indexes where indexname = 'indicator_sources_stix_ref_idx'), 'a STIX report''s indicators are indexed');
select ok(obj_description('private.briefing_attributing_users()'::regprocedure) is not null, 'the attribution threshold is described');

select * from finish();
rollback;
