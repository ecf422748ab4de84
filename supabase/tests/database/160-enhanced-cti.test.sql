-- Enhanced CTI's reads: the object list (kinds, source, text, keyset pages without gaps or repeats,
-- revoked on request), its facets, an object's indicators (its own and its software's), the ATT&CK
-- matrix (tactics in the matrix's order, sub-techniques under their parent, usage by the selected
-- objects, sightings through indicators) and a technique's mitigations and users. TLP:RED objects,
-- links and indicators stay hidden from an analyst; anon and the service role cannot call them.
begin;
select plan(37);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.sources (id, name, format) values
  ('60000000-0000-4000-a000-000000000001', 'CTI test galaxy', 'misp-galaxy'),
  ('60000000-0000-4000-a000-000000000002', 'CTI test attack', 'attack');

-- Actors, software and a campaign; one RED actor and one revoked actor. Names start with "Zq" so the
-- demo's objects (if any) never interleave with them.
insert into public.intel_objects (stix_id, type, name, aliases, external_ids, tlp, revoked, modified, source_ids, stix) values
  ('intrusion-set--00000000-0000-4000-8000-000000000001', 'intrusion-set', 'Zq Bear', '{"Zq Fancy"}', '{G9001}', 'clear', false, '2026-01-03', '{60000000-0000-4000-a000-000000000002}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000002', 'intrusion-set', 'Zq Panda', '{}', '{G9002}', 'clear', false, '2026-01-02', '{60000000-0000-4000-a000-000000000002}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000003', 'intrusion-set', 'Zq Secret', '{}', '{}', 'red', false, '2026-01-01', '{60000000-0000-4000-a000-000000000001}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000004', 'intrusion-set', 'Zq Old', '{}', '{}', 'clear', true, null, '{60000000-0000-4000-a000-000000000001}', '{}'),
  ('malware--00000000-0000-4000-8000-000000000011', 'malware', 'Zq Agent', '{}', '{S9001}', 'clear', false, null, '{60000000-0000-4000-a000-000000000001}', '{}'),
  ('tool--00000000-0000-4000-8000-000000000012', 'tool', 'Zq Tool', '{}', '{S9002}', 'clear', false, null, '{60000000-0000-4000-a000-000000000002}', '{}'),
  ('campaign--00000000-0000-4000-8000-000000000013', 'campaign', 'Zq Campaign', '{}', '{C9001}', 'clear', false, null, '{60000000-0000-4000-a000-000000000002}', '{}');

-- A matrix of two tactics (in an order the names would not give), two techniques, one sub-technique,
-- a revoked technique, and a mitigation. Modified in the future so it is the enterprise matrix read.
insert into public.intel_objects (stix_id, type, name, external_ids, kill_chain_phases, platforms, revoked, modified, stix) values
  ('x-mitre-matrix--00000000-0000-4000-8000-000000000100', 'x-mitre-matrix', 'Zq Matrix', '{enterprise-attack}', '[]', '{}', false, '2999-01-01',
   '{"tactic_refs": ["x-mitre-tactic--00000000-0000-4000-8000-000000000102", "x-mitre-tactic--00000000-0000-4000-8000-000000000101"]}'),
  ('x-mitre-tactic--00000000-0000-4000-8000-000000000101', 'x-mitre-tactic', 'Zq Alpha', '{TA9001}', '[]', '{}', false, null, '{"x_mitre_shortname": "zq-alpha"}'),
  ('x-mitre-tactic--00000000-0000-4000-8000-000000000102', 'x-mitre-tactic', 'Zq Beta', '{TA9002}', '[]', '{}', false, null, '{"x_mitre_shortname": "zq-beta"}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000201', 'attack-pattern', 'Zq Scripting', '{T9001,CAPEC-1}',
   '[{"kill_chain_name": "mitre-attack", "phase_name": "zq-alpha"}, {"kill_chain_name": "mitre-attack", "phase_name": "zq-beta"}]', '{Windows,Linux}', false, null, '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000202', 'attack-pattern', 'Zq PowerShell', '{T9001.001}',
   '[{"kill_chain_name": "mitre-attack", "phase_name": "zq-alpha"}]', '{Windows}', false, null, '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000203', 'attack-pattern', 'Zq Phishing', '{T9002}',
   '[{"kill_chain_name": "mitre-attack", "phase_name": "zq-beta"}, {"kill_chain_name": "mitre-ics-attack", "phase_name": "zq-alpha"}]', '{}', false, null, '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000204', 'attack-pattern', 'Zq Gone', '{T9003}',
   '[{"kill_chain_name": "mitre-attack", "phase_name": "zq-alpha"}]', '{}', true, null, '{}'),
  ('course-of-action--00000000-0000-4000-8000-000000000301', 'course-of-action', 'Zq Signing', '{M9001}', '[]', '{}', false, null, '{}');

insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, description, tlp, stix) values
  ('relationship--00000000-0000-4000-8000-000000000401', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000201', 'Zq Bear scripts.', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000402', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'attack-pattern--00000000-0000-4000-8000-000000000202', null, 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000403', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'attack-pattern--00000000-0000-4000-8000-000000000201', null, 'clear', '{}'),
  -- RED: Zq Panda's phishing is known only to admins with MFA.
  ('relationship--00000000-0000-4000-8000-000000000404', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'attack-pattern--00000000-0000-4000-8000-000000000203', null, 'red', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000405', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'malware--00000000-0000-4000-8000-000000000011', null, 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000406', 'uses', 'malware--00000000-0000-4000-8000-000000000011', 'attack-pattern--00000000-0000-4000-8000-000000000203', 'Zq Agent phishes.', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000407', 'subtechnique-of', 'attack-pattern--00000000-0000-4000-8000-000000000202', 'attack-pattern--00000000-0000-4000-8000-000000000201', null, 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000408', 'mitigates', 'course-of-action--00000000-0000-4000-8000-000000000301', 'attack-pattern--00000000-0000-4000-8000-000000000201', 'Sign scripts.', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000409', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000003', 'attack-pattern--00000000-0000-4000-8000-000000000201', null, 'clear', '{}');

-- Indicators: two of Zq Agent (one RED), one of Zq Bear itself; sightings of the agent's indicator.
insert into public.indicators (type, value, tlp, last_seen) values
  ('domain', 'zq-agent-c2.example', 'clear', '2026-02-02'),
  ('domain', 'zq-agent-secret.example', 'red', '2026-02-03'),
  ('domain', 'zq-bear.example', 'clear', '2026-02-01');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
  select 'relationship--' || extensions.uuid_generate_v4(), 'indicates', i.stix_id,
         case when i.value = 'zq-bear.example' then 'intrusion-set--00000000-0000-4000-8000-000000000001'
              else 'malware--00000000-0000-4000-8000-000000000011' end,
         i.tlp, '{}'
    from public.indicators i where i.value like 'zq-%';
insert into public.sightings (stix_id, sighting_of_ref, count, tlp, stix)
  select 'sighting--00000000-0000-4000-8000-00000000050' || n, i.stix_id, 7, 'clear', '{}'
    from public.indicators i, generate_series(1, 2) n where i.value = 'zq-agent-c2.example';

\ir ../fixtures/claims.psql

-- Who may call them.
set local role anon;
select throws_ok($$ select * from public.cti_objects() $$, '42501', null, 'anon cannot list objects');
select throws_ok($$ select * from public.cti_object_facets() $$, '42501', null, 'anon cannot read the facets');
select throws_ok($$ select * from public.object_indicators('x') $$, '42501', null, 'anon cannot read indicators of an object');
select throws_ok($$ select * from public.attack_matrix() $$, '42501', null, 'anon cannot read the matrix');
select throws_ok($$ select * from public.technique_relations('x') $$, '42501', null, 'anon cannot read a technique');
reset role;
select ok(
  not has_function_privilege('service_role', 'public.attack_matrix(text[], text, boolean, boolean)', 'execute')
  and not has_function_privilege('service_role', 'public.cti_objects(text[], uuid, text, boolean, text, text, text, integer)', 'execute'),
  'the RPCs are granted to signed-in users only');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- The list.
select results_eq(
  $$ select name from public.cti_objects(_query => 'zq', _limit => 50) $$,
  $$ values ('Zq Agent'), ('Zq Bear'), ('Zq Campaign'), ('Zq Panda'), ('Zq Tool') $$,
  'by name, the RED and revoked actors left out');
select results_eq(
  $$ select name from public.cti_objects(_query => 'zq', _include_revoked => true, _limit => 50) $$,
  $$ values ('Zq Agent'), ('Zq Bear'), ('Zq Campaign'), ('Zq Old'), ('Zq Panda'), ('Zq Tool') $$,
  'revoked ones on request');
select results_eq(
  $$ select name from public.cti_objects(_kinds => '{intrusion-set}', _query => 'zq', _sort => 'modified', _limit => 50) $$,
  $$ values ('Zq Bear'), ('Zq Panda') $$,
  'one kind, newest modified first');
select results_eq(
  $$ select name from public.cti_objects(_source_id => '60000000-0000-4000-a000-000000000001', _limit => 50) $$,
  $$ values ('Zq Agent') $$,
  'one source');
select results_eq(
  $$ select name from public.cti_objects(_query => 'zq fancy', _limit => 50) $$,
  $$ values ('Zq Bear') $$,
  'an alias finds its object');
select results_eq(
  $$ select name from public.cti_objects(_query => 'g9002', _limit => 50) $$,
  $$ values ('Zq Panda') $$,
  'an external id finds its object');
select results_eq(
  $$ select techniques, indicators from public.cti_objects(_query => 'Zq Bear', _limit => 1) $$,
  $$ values (2, 1::bigint) $$,
  'techniques used and indicators pointing at it are counted');
select results_eq(
  $$ with first as (select * from public.cti_objects(_query => 'zq', _limit => 2)),
          last as (select * from first order by sort_key desc, stix_id desc limit 1)
     select name from first
     union all
     select p.name from last, public.cti_objects(_query => 'zq', _after_key => last.sort_key, _after_id => last.stix_id, _limit => 50) p $$,
  $$ values ('Zq Agent'), ('Zq Bear'), ('Zq Campaign'), ('Zq Panda'), ('Zq Tool') $$,
  'keyset pages by name continue without gaps or repeats');
select results_eq(
  $$ with first as (select * from public.cti_objects(_kinds => '{intrusion-set,malware}', _query => 'zq', _sort => 'modified', _limit => 2))
     select name from first
     union all
     select p.name from (select * from first offset 1) last,
       public.cti_objects(_kinds => '{intrusion-set,malware}', _query => 'zq', _sort => 'modified', _after_key => last.sort_key, _after_id => last.stix_id, _limit => 50) p $$,
  $$ values ('Zq Bear'), ('Zq Panda'), ('Zq Agent') $$,
  'keyset pages by modified continue into the undated ones');
select throws_ok($$ select * from public.cti_objects(_limit => 0) $$, '22023', null, 'a page size out of range is refused');
select throws_ok($$ select * from public.cti_objects(_sort => 'stix') $$, '22023', null, 'an unknown sort is refused');
select throws_ok($$ select * from public.cti_objects(_kinds => '{attack-pattern}') $$, '22023', null, 'an unknown kind is refused');

-- Facets.
select results_eq(
  $$ select source_name, objects from public.cti_object_facets() where source_name like 'CTI test %' order by 1 $$,
  $$ values ('CTI test attack'::text, 4::bigint), ('CTI test galaxy', 1) $$,
  'objects per source, RED and revoked ones not counted');
select ok(
  (select objects from public.cti_object_facets() where kind = 'campaign') >= 1,
  'objects per kind');

-- An object's indicators.
select results_eq(
  $$ select value, via_name, total from public.object_indicators('intrusion-set--00000000-0000-4000-8000-000000000001') $$,
  $$ values ('zq-agent-c2.example'::text, 'Zq Agent'::text, 2::bigint), ('zq-bear.example', null, 2) $$,
  'its own and its software''s, newest first, the RED one hidden');
select is(
  (select count(*) from public.object_indicators('intrusion-set--00000000-0000-4000-8000-000000000001', 1)),
  1::bigint, 'the limit caps the rows');

-- The matrix.
select results_eq(
  $$ select tactic_order, tactic_id, tactic_name, technique_id from public.attack_matrix() where technique_id like 'T900%' $$,
  $$ values (1, 'TA9002'::text, 'Zq Beta'::text, 'T9001'::text), (1, 'TA9002', 'Zq Beta', 'T9002'),
            (2, 'TA9001', 'Zq Alpha', 'T9001'), (2, 'TA9001', 'Zq Alpha', 'T9001.001') $$,
  'tactics in the matrix''s order, a technique under each of its tactics, the revoked one and other domains left out');
select is(
  (select parent_stix_id from public.attack_matrix() where technique_id = 'T9001.001'),
  'attack-pattern--00000000-0000-4000-8000-000000000201', 'a sub-technique names its parent');
select is(
  (select platforms from public.attack_matrix() where technique_id = 'T9001.001'),
  '{Windows}'::text[], 'platforms come along');
select results_eq(
  $$ select technique_id, used_by from public.attack_matrix(array['intrusion-set--00000000-0000-4000-8000-000000000001', 'intrusion-set--00000000-0000-4000-8000-000000000002'])
      where technique_id like 'T900%' and tactic_id = 'TA9001' or technique_id = 'T9002' $$,
  $$ values ('T9002'::text, '{}'::text[]),
            ('T9001', '{intrusion-set--00000000-0000-4000-8000-000000000001,intrusion-set--00000000-0000-4000-8000-000000000002}'),
            ('T9001.001', '{intrusion-set--00000000-0000-4000-8000-000000000001}') $$,
  'which of the selected objects use each technique, a RED link not counted');
select is(
  (select used_by from public.attack_matrix(array['intrusion-set--00000000-0000-4000-8000-000000000003']) where technique_id = 'T9001' limit 1),
  '{}'::text[], 'a RED actor''s links do not light the matrix (its uses link is clear, the actor is not readable)');
select is(
  (select sightings from public.attack_matrix() where technique_id = 'T9002'),
  null::bigint, 'no sightings unless asked for');
select results_eq(
  $$ select technique_id, sightings, sighting_events from public.attack_matrix('{}', 'enterprise-attack', true) where technique_id in ('T9002', 'T9001.001') $$,
  $$ values ('T9002'::text, 2::bigint, 14::bigint), ('T9001.001', 0, 0) $$,
  'sightings of indicators of software that uses a technique');
select results_eq(
  $$ select technique_id from public.attack_matrix(array['intrusion-set--00000000-0000-4000-8000-000000000002'], _used_only => true) $$,
  $$ values ('T9001'::text), ('T9001') $$,
  'only the used rows on request (a technique under two tactics twice)');
select is(
  (select count(*) from public.attack_matrix('{}', 'ics-attack') where technique_id like 'T900%'),
  0::bigint, 'another domain reads its own matrix');

-- A technique's detail.
select results_eq(
  $$ select relationship_type, direction, other_name, other_external_id, description
       from public.technique_relations('attack-pattern--00000000-0000-4000-8000-000000000201') $$,
  $$ values ('mitigates'::text, 'in'::text, 'Zq Signing'::text, 'M9001'::text, 'Sign scripts.'::text),
            ('subtechnique-of', 'in', 'Zq PowerShell', 'T9001.001', null),
            ('uses', 'in', 'Zq Bear', 'G9001', 'Zq Bear scripts.'),
            ('uses', 'in', 'Zq Panda', 'G9002', null) $$,
  'mitigations with how, sub-techniques, and users with their procedure; the RED actor hidden');
select results_eq(
  $$ select relationship_type, direction, other_name from public.technique_relations('attack-pattern--00000000-0000-4000-8000-000000000202') $$,
  $$ values ('subtechnique-of'::text, 'out'::text, 'Zq Scripting'::text), ('uses', 'in', 'Zq Bear') $$,
  'a sub-technique names its parent');
select is(
  (select count(*) from public.technique_relations('attack-pattern--00000000-0000-4000-8000-000000000203')),
  1::bigint, 'a RED uses link stays hidden');
reset role;

-- Beyond RLS (the owner, as the service role would see it): the RED rows are there.
select is(
  (select count(*) from public.technique_relations('attack-pattern--00000000-0000-4000-8000-000000000203')),
  2::bigint, 'the owner sees the RED link');
select is(
  (select total from public.object_indicators('intrusion-set--00000000-0000-4000-8000-000000000001') limit 1),
  3::bigint, 'the owner sees the RED indicator');

-- The list's keyset reads an index (the demo has thousands of objects).
select ok(
  (select count(*) from pg_indexes where schemaname = 'public' and indexname in ('intel_objects_cti_name_idx', 'intel_objects_cti_modified_idx')) = 2,
  'the list''s sort keys are indexed');

select * from finish();
rollback;
