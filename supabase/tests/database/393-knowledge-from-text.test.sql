-- From text to knowledge (issue 29 §2): known entities are matched by name, alias (any case) and
-- ATT&CK id; a reviewed draft is stored in one transaction as the analyst (new indicators, indicates
-- links to the chosen objects, a report covering them); bad input is refused and nothing is kept.
begin;
select plan(12);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix, external_ids) values
  ('intrusion-set--39300000-0000-4000-a000-000000000001', 'intrusion-set', 'Text Bear', '{Fancy Text}', 'clear', '{}', '{G9301}'),
  ('attack-pattern--39300000-0000-4000-a000-000000000002', 'attack-pattern', 'Text Phishing', '{}', 'clear', '{}', '{T9301.001}'),
  ('malware--39300000-0000-4000-a000-000000000003', 'malware', 'Hidden Text RAT', '{}', 'red', '{}', '{}');
insert into public.indicators (type, value, tlp) values ('domain', 'known.text-test.example', 'clear');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

select is((select array_agg(name || ':' || matched order by name) from public.match_known_entities(
             array['fancy text', 'nothing here', 'hidden text rat'], array['t9301.001', 'X1'])),
  array['Text Bear:fancy text', 'Text Phishing:T9301.001'], 'names and aliases in any case and ATT&CK ids; hidden objects are not found');

select is((select r ->> 'created' || '/' || (r ->> 'indicators') || '/' || (r ->> 'links') from public.create_knowledge_from_text(
    '[{"type":"domain","value":"new.text-test.example"},{"type":"domain","value":"known.text-test.example"},{"type":"ipv4","value":"192.0.2.93"}]',
    array['intrusion-set--39300000-0000-4000-a000-000000000001'], 'green', '{}', 60::smallint, 'Text report', 'From **a** report') r),
  '2/3/3', 'two new indicators, one known, each linked to the actor');
select is((select count(*)::int from public.indicators where value in ('new.text-test.example', '192.0.2.93')
            and created_by = '00000000-0000-4000-a000-00000000000b' and tlp = 'green' and confidence = 60),
  2, 'the new ones are the analyst''s, at the TLP and confidence given');
select is((select count(*)::int from public.relationships where relationship_type = 'indicates'
            and target_ref = 'intrusion-set--39300000-0000-4000-a000-000000000001' and created_by is not null),
  3, 'indicates links, made by the analyst');
select is((select cardinality(object_refs) from public.intel_objects where name = 'Text report' and type = 'report'),
  4, 'a report covering the actor and the three indicators');
select is((select (r ->> 'links')::int from public.create_knowledge_from_text(
    '[{"type":"domain","value":"new.text-test.example"}]', array['intrusion-set--39300000-0000-4000-a000-000000000001']) r),
  1, 'again: nothing doubled');
select is((select count(*)::int from public.relationships where relationship_type = 'indicates'
            and target_ref = 'intrusion-set--39300000-0000-4000-a000-000000000001'), 3, 'still three links');

select throws_ok($$ select public.create_knowledge_from_text('[{"type":"domain","value":"fine.text-test.example"},{"type":"domain","value":"Bad[.]Example"}]') $$,
  '22023', 'Not a canonical domain value: Bad[.]Example', 'a value not canonical is refused');
select is((select count(*)::int from public.indicators where value = 'fine.text-test.example'), 0, 'and nothing of the draft is kept');
select throws_ok($$ select public.create_knowledge_from_text('[{"type":"file","value":"x"}]') $$,
  '22023', 'Unknown indicator type "file".', 'an unknown type is refused');
select throws_ok($$ select public.create_knowledge_from_text('[]', array['malware--39300000-0000-4000-a000-000000000003']) $$,
  '22023', 'No object you can read has the id malware--39300000-0000-4000-a000-000000000003.', 'a hidden object reads as absent');
reset role;
set local role anon;
select throws_ok($$ select public.create_knowledge_from_text('[]') $$, '42501', null, 'anon cannot');

select * from finish();
rollback;
