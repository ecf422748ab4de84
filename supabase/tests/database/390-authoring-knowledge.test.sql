-- Analysts author knowledge through REST with the typed columns (issue 29 §2): the database sets
-- created_by (and keeps it), builds the STIX 2.1 object, refuses relationship types STIX does not
-- allow for the pair and ends the analyst cannot read, lets analysts edit what they read, and an
-- import keeps an analyst's edit of a field (saying so in the object's history).
begin;
select plan(30);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

-- An imported actor and malware, and a RED object the analyst is not in the audience of.
insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix, modified) values
  ('intrusion-set--39000000-0000-4000-a000-000000000001', 'intrusion-set', 'Imported Bear', '{Bear}', 'clear',
   '{"type":"intrusion-set","x_custom":"kept"}', '2025-01-01'),
  ('malware--39000000-0000-4000-a000-000000000002', 'malware', 'ImportedRAT', '{}', 'clear', '{"type":"malware"}', null),
  ('malware--39000000-0000-4000-a000-000000000003', 'malware', 'Hidden RAT', '{}', 'red', '{"type":"malware"}', null),
  ('attack-pattern--39000000-0000-4000-a000-000000000004', 'attack-pattern', 'Phishing', '{}', 'clear', '{}', null);

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- ── Objects ──────────────────────────────────────────────────────────────────────────────────────
select lives_ok($$ insert into public.intel_objects (type, name, aliases, tlp, description)
                   values ('intrusion-set', '  Authored Panda ', '{Panda, panda team, "", Authored Panda}', 'green', 'Seen **in** <script>x</script>') $$,
  'an analyst adds an intrusion set with the typed columns only');
select is((select created_by::text from public.intel_objects where name = 'Authored Panda'),
  '00000000-0000-4000-a000-00000000000b', 'created_by is the analyst');
select matches((select stix_id from public.intel_objects where name = 'Authored Panda'),
  '^intrusion-set--[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$', 'the id is the type and a UUIDv4');
select is((select stix ->> 'id' = stix_id and stix ->> 'spec_version' = '2.1' and stix ->> 'type' = 'intrusion-set'
                  and stix ? 'created' and stix ? 'modified' from public.intel_objects where name = 'Authored Panda'),
  true, 'the database built the STIX object: id, type, spec_version, created, modified');
select is((select stix -> 'aliases' from public.intel_objects where name = 'Authored Panda'), '["Panda", "panda team"]'::jsonb,
  'aliases trimmed, empty and name-equal ones dropped, into the STIX object too');
select is((select stix -> 'object_marking_refs' ->> 0 from public.intel_objects where name = 'Authored Panda'),
  'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb', 'its TLP is a TLP 2.0 marking reference');
select is((select stix ->> 'description' from public.intel_objects where name = 'Authored Panda'),
  'Seen **in** <script>x</script>', 'the Markdown is stored raw');
select throws_ok($$ insert into public.intel_objects (type, name, stix) values ('malware', 'X', '{"id":"forged"}') $$,
  '22023', 'The database builds the STIX object of what an analyst writes: give the typed columns only.',
  'the STIX object is the database''s to build');
select throws_ok($$ insert into public.intel_objects (type, name) values ('attack-pattern', 'T9999') $$,
  '22023', 'Analysts write intrusion sets, threat actors, malware, tools, campaigns and reports; not "attack-pattern".',
  'other types are refused in plain words');
select throws_ok($$ insert into public.intel_objects (type, name) values ('tool', '  ') $$,
  '22023', 'A tool needs a name.', 'a name is required');
select lives_ok($$ insert into public.intel_objects (type, name) values ('malware', 'Authored Loader') $$, 'malware');
select is((select stix -> 'is_family' from public.intel_objects where name = 'Authored Loader'), 'true'::jsonb,
  'malware carries the required is_family');
select throws_ok($$ insert into public.intel_objects (type, name) values ('report', 'Empty report') $$,
  '22023', 'A report names at least one object it covers (STIX 2.1 object_refs).', 'a report covers something');
select lives_ok($$ insert into public.intel_objects (type, name, description, object_refs)
                   values ('report', 'Panda report', '# Title', array['malware--39000000-0000-4000-a000-000000000002']) $$,
  'a report with a Markdown body and the objects it covers');
select is((select stix -> 'object_refs' ->> 0 from public.intel_objects where name = 'Panda report'),
  'malware--39000000-0000-4000-a000-000000000002', 'its STIX object_refs');
select throws_ok($$ update public.intel_objects set created_by = null where name = 'Panda report' $$,
  '42501', null, 'created_by cannot be changed');

-- Editing: the imported actor (readable) is editable, the edit recorded; the hidden one is not.
select lives_ok($$ update public.intel_objects set name = 'Renamed Bear', description = 'analyst''s words'
                   where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001' $$, 'an analyst edits an imported object');
select is((select edited_fields from public.intel_objects where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001'),
  '{description,name}'::text[], 'which fields were edited is kept');
select is((select stix ->> 'name' || '|' || (stix ->> 'x_custom') from public.intel_objects
            where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001'),
  'Renamed Bear|kept', 'the STIX object follows the edit and keeps the source''s custom properties');
select is((select created_by from public.intel_objects where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001'),
  null, 'an imported object stays without an author');
update public.intel_objects set name = 'seen' where stix_id = 'malware--39000000-0000-4000-a000-000000000003';
reset role;
select is((select name from public.intel_objects where stix_id = 'malware--39000000-0000-4000-a000-000000000003'),
  'Hidden RAT', 'a hidden object is not changed');

-- ── Relationships ────────────────────────────────────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  select 'uses', o.stix_id, 'malware--39000000-0000-4000-a000-000000000002' from public.intel_objects o where o.name = 'Authored Panda' $$,
  'an analyst relates an intrusion set to malware by uses');
select is((select count(*)::int from public.relationships where created_by = '00000000-0000-4000-a000-00000000000b'
            and relationship_type = 'uses' and stix ->> 'id' = stix_id and stix ->> 'relationship_type' = 'uses'
            and stix_id ~ '^relationship--'),
  1, 'with created_by, an id and its STIX object');
select throws_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  values ('authored-by', 'intrusion-set--39000000-0000-4000-a000-000000000001', 'malware--39000000-0000-4000-a000-000000000002') $$,
  '22023', 'STIX 2.1 does not relate intrusion-set to malware by "authored-by"; allowed: related-to, uses.',
  'a type STIX does not allow for the pair is refused, naming the allowed ones');
select throws_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  values ('uses', 'intrusion-set--39000000-0000-4000-a000-000000000001', 'malware--39000000-0000-4000-a000-000000000003') $$,
  '22023', 'No object you can read has the id malware--39000000-0000-4000-a000-000000000003.',
  'a hidden end reads as absent');
select throws_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  values ('uses', 'intrusion-set--39000000-0000-4000-a000-000000000001', 'malware--39000000-0000-4000-a000-0000000000ff') $$,
  '22023', 'No object you can read has the id malware--39000000-0000-4000-a000-0000000000ff.',
  'exactly as an absent one');
select lives_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  values ('uses', 'intrusion-set--39000000-0000-4000-a000-000000000001', 'attack-pattern--39000000-0000-4000-a000-000000000004') $$,
  'uses toward a technique');
select throws_ok($$ update public.relationships set relationship_type = 'targets'
                     where target_ref = 'attack-pattern--39000000-0000-4000-a000-000000000004' $$,
  '22023', null, 'an edit to a type STIX does not allow is refused too');
reset role;

-- ── An import keeps the analyst's edit ───────────────────────────────────────────────────────────
-- Importers write without a user (the service role or the owner).
select set_config('request.jwt.claims', '', true);
update public.intel_objects set name = 'Imported Bear v2', description = 'source words', modified = '2025-06-01',
  labels = '{apt}'
 where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001';
select is((select name || '|' || description || '|' || labels::text from public.intel_objects
            where stix_id = 'intrusion-set--39000000-0000-4000-a000-000000000001'),
  'Renamed Bear|analyst''s words|{apt}', 'the import changed the unedited labels and kept the edited name and description');
select is((select array_agg(field || '=' || (new_value #>> '{}') order by field) from public.object_history
            where object_id = 'intrusion-set--39000000-0000-4000-a000-000000000001' and action = 'import_kept'),
  array['description=source words', 'name=Imported Bear v2'], 'the history says what the import offered and that it was kept');

select * from finish();
rollback;
