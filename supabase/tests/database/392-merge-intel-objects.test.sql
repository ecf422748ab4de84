-- Merging duplicates (issue 29 §2): merge_intel_objects moves relationships, indicators' links and
-- sightings to the target without doubles, makes the merged names aliases, keeps the merged ids
-- resolvable (a later import of one lands on the target), is audited and in the history; the
-- preview says the same beforehand; bad input is refused in plain words.
begin;
select plan(27);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix, external_ids) values
  ('intrusion-set--39200000-0000-4000-a000-000000000001', 'intrusion-set', 'APT Merge', '{Fancy Merge}', 'amber', '{}', '{G9001}'),
  ('intrusion-set--39200000-0000-4000-a000-000000000002', 'intrusion-set', 'Sofacy Merge', '{Strontium Merge}', 'green', '{}', '{}'),
  ('intrusion-set--39200000-0000-4000-a000-000000000003', 'intrusion-set', 'Red Merge', '{}', 'red', '{}', '{}'),
  ('malware--39200000-0000-4000-a000-000000000004', 'malware', 'MergeRAT', '{}', 'clear', '{}', '{}'),
  ('attack-pattern--39200000-0000-4000-a000-000000000005', 'attack-pattern', 'T9001', '{}', 'clear', '{}', '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, stix) values
  -- the target already uses MergeRAT; so does the duplicate (that link is not doubled)
  ('relationship--39200000-0000-4000-a000-0000000000a1', 'uses', 'intrusion-set--39200000-0000-4000-a000-000000000001', 'malware--39200000-0000-4000-a000-000000000004', '{}'),
  ('relationship--39200000-0000-4000-a000-0000000000a2', 'uses', 'intrusion-set--39200000-0000-4000-a000-000000000002', 'malware--39200000-0000-4000-a000-000000000004', '{}'),
  ('relationship--39200000-0000-4000-a000-0000000000a3', 'uses', 'intrusion-set--39200000-0000-4000-a000-000000000002', 'attack-pattern--39200000-0000-4000-a000-000000000005', '{}'),
  ('relationship--39200000-0000-4000-a000-0000000000a4', 'indicates', 'indicator--39200000-0000-4000-a000-0000000000b1', 'intrusion-set--39200000-0000-4000-a000-000000000002', '{}');
insert into public.sightings (stix_id, sighting_of_ref, stix) values
  ('sighting--39200000-0000-4000-a000-0000000000c1', 'intrusion-set--39200000-0000-4000-a000-000000000002', '{}');
insert into public.object_notes (object_kind, object_id, body, tlp, author) values
  ('object', 'intrusion-set--39200000-0000-4000-a000-000000000002', 'note on the duplicate', 'green', null);

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- ── Refusals ─────────────────────────────────────────────────────────────────────────────────────
select throws_ok($$ select public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000001',
                    array['intrusion-set--39200000-0000-4000-a000-000000000001']) $$,
  '22023', 'An object cannot be merged into itself.', 'into itself is refused');
select throws_ok($$ select public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000001',
                    array['malware--39200000-0000-4000-a000-000000000004']) $$,
  '22023', 'Only objects of the same type merge: "MergeRAT" is a malware, "APT Merge" a intrusion-set.', 'another type is refused');
select throws_ok($$ select public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000001', '{}') $$,
  '22023', 'Name at least one object to merge into it.', 'nothing to merge is refused');
select throws_ok($$ select public.merge_intel_objects(null, array['intrusion-set--39200000-0000-4000-a000-000000000002']) $$,
  '22023', 'Name the object to merge into.', 'no target is refused');
select throws_ok($$ select public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000001',
                    array['intrusion-set--39200000-0000-4000-a000-000000000003']) $$,
  '22023', 'No object you can read has the id intrusion-set--39200000-0000-4000-a000-000000000003.', 'a hidden object reads as absent');
select throws_ok($$ select public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000002',
                    array['intrusion-set--39200000-0000-4000-a000-000000000001']) $$,
  '22023', 'Merging would show the TLP:AMBER "APT Merge" at TLP:GREEN: merge into the more restricted object, or raise the target''s TLP first.',
  'names are never shown below their TLP');
select throws_ok($$ select public.merge_intel_objects('attack-pattern--39200000-0000-4000-a000-000000000005',
                    array['attack-pattern--39200000-0000-4000-a000-000000000005']) $$,
  '22023', 'An object cannot be merged into itself.', 'checked first');

-- ── Preview ──────────────────────────────────────────────────────────────────────────────────────
select is((select p -> 'aliases' from public.merge_intel_objects_preview('intrusion-set--39200000-0000-4000-a000-000000000001',
            array['intrusion-set--39200000-0000-4000-a000-000000000002']) p),
  '["Fancy Merge", "Sofacy Merge", "Strontium Merge"]'::jsonb, 'the preview shows the aliases after the merge');
select is((select (p ->> 'relationships') || '/' || (p ->> 'indicators') || '/' || (p ->> 'sightings')
             from public.merge_intel_objects_preview('intrusion-set--39200000-0000-4000-a000-000000000001',
            array['intrusion-set--39200000-0000-4000-a000-000000000002']) p),
  '2/1/1', 'and how many relationships, indicators and sightings move');
select is((select count(*)::int from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000002'),
  1, 'the preview changes nothing');

-- ── The merge ────────────────────────────────────────────────────────────────────────────────────
select is((select (m ->> 'relationships_moved') || '/' || (m ->> 'duplicates_dropped') || '/' || (m ->> 'sightings_moved')
             from public.merge_intel_objects('intrusion-set--39200000-0000-4000-a000-000000000001',
                    array['intrusion-set--39200000-0000-4000-a000-000000000002']) m),
  '2/1/1', 'the merge moves two links, drops the one the target had, moves the sighting');
select is((select aliases from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000001'),
  '{Fancy Merge,Sofacy Merge,Strontium Merge}'::text[], 'the merged name and aliases are aliases of the target');
select is((select count(*)::int from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000002'),
  0, 'the merged object is gone');
select is((select array_agg(relationship_type || '>' || split_part(target_ref, '--', 1) order by relationship_type, target_ref)
             from public.relationships where source_ref = 'intrusion-set--39200000-0000-4000-a000-000000000001'),
  array['uses>attack-pattern', 'uses>malware'], 'the target uses the technique and the malware once');
select is((select target_ref from public.relationships where stix_id = 'relationship--39200000-0000-4000-a000-0000000000a4'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'the indicator''s link moved');
select is((select stix ->> 'target_ref' from public.relationships where stix_id = 'relationship--39200000-0000-4000-a000-0000000000a4'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'in its STIX object too');
select is((select sighting_of_ref from public.sightings where stix_id = 'sighting--39200000-0000-4000-a000-0000000000c1'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'the sighting moved');
select is((select target_stix_id from public.intel_object_aliases where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000002'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'the merged id resolves to the target');
select is((select count(*)::int from public.object_notes where object_id = 'intrusion-set--39200000-0000-4000-a000-000000000002'),
  1, 'the merged object''s notes are read with the target');
select is((select new_value -> 'merged' -> 0 ->> 'name' from public.object_history
            where object_id = 'intrusion-set--39200000-0000-4000-a000-000000000001' and action = 'merged'),
  'Sofacy Merge', 'the target''s history names what was merged');
reset role;
select is((select actor_id::text || '|' || target_id from public.audit_trail
            where action = 'intel_object.merged' and target_id = 'intrusion-set--39200000-0000-4000-a000-000000000001'),
  '00000000-0000-4000-a000-00000000000b|intrusion-set--39200000-0000-4000-a000-000000000001', 'the merge is audited');

-- ── Later imports of the merged id land on the target ────────────────────────────────────────────
select set_config('request.jwt.claims', '', true);
insert into public.intel_objects (stix_id, type, name, aliases, stix)
  values ('intrusion-set--39200000-0000-4000-a000-000000000002', 'intrusion-set', 'Sofacy Merge', '{Pawn Storm Merge}', '{}')
  on conflict (stix_id) do nothing;
select is((select count(*)::int from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000002'),
  0, 'a re-import of the merged id does not bring it back');
select ok((select aliases @> '{Pawn Storm Merge}' from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000001'),
  'its new names land on the target');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, stix) values
  ('relationship--39200000-0000-4000-a000-0000000000a9', 'targets', 'intrusion-set--39200000-0000-4000-a000-000000000002', 'identity--39200000-0000-4000-a000-0000000000d1', '{}');
select is((select source_ref from public.relationships where stix_id = 'relationship--39200000-0000-4000-a000-0000000000a9'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'a relationship imported with the merged id lands on the target');
insert into public.sightings (stix_id, sighting_of_ref, stix) values
  ('sighting--39200000-0000-4000-a000-0000000000c2', 'intrusion-set--39200000-0000-4000-a000-000000000002', '{}');
select is((select sighting_of_ref from public.sightings where stix_id = 'sighting--39200000-0000-4000-a000-0000000000c2'),
  'intrusion-set--39200000-0000-4000-a000-000000000001', 'so does a sighting');
select ok((select 'aliases' = any (edited_fields) from public.intel_objects where stix_id = 'intrusion-set--39200000-0000-4000-a000-000000000001'),
  'the merged aliases are kept by later imports of the target');
set local role anon;
select throws_ok($$ select public.merge_intel_objects('a', array['b']) $$, '42501', null, 'anon cannot merge');

select * from finish();
rollback;
