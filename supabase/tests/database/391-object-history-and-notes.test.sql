-- History and notes on every object (issue 29 §2): users' changes to knowledge objects,
-- relationships and indicators are recorded field by field with who and when; imports of unedited
-- rows are not; history and notes are read only with their object, are append-only (to the owner
-- too), and a note is at most its object's TLP.
begin;
select plan(17);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('malware--39100000-0000-4000-a000-000000000001', 'malware', 'Green RAT', 'green', '{}'),
  ('malware--39100000-0000-4000-a000-000000000002', 'malware', 'Hidden RAT', 'red', '{}');
insert into public.indicators (id, type, value, tlp, confidence) overriding system value values
  (939101, 'domain', 'history.example', 'green', 50);

-- An import's change of an unedited row is not recorded.
update public.intel_objects set name = 'Green RAT 2' where stix_id = 'malware--39100000-0000-4000-a000-000000000001';
select is((select count(*)::int from public.object_history where object_id = 'malware--39100000-0000-4000-a000-000000000001'),
  0, 'an import of an unedited object writes no history');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
update public.intel_objects set description = 'Loader seen in <b>phishing</b>', confidence = 70
 where stix_id = 'malware--39100000-0000-4000-a000-000000000001';
select is((select array_agg(field || ':' || coalesce(old_value #>> '{}', '∅') || '→' || (new_value #>> '{}') order by field)
             from public.object_history where object_id = 'malware--39100000-0000-4000-a000-000000000001'),
  array['confidence:∅→70', 'description:∅→Loader seen in <b>phishing</b>'], 'each changed field with its old and new value');
select is((select bool_and(changed_by = '00000000-0000-4000-a000-00000000000b' and action = 'changed')
             from public.object_history where object_id = 'malware--39100000-0000-4000-a000-000000000001'),
  true, 'by the analyst');

insert into public.intel_objects (type, name, tlp) values ('tool', 'History Tool', 'clear');
select is((select action || ':' || (new_value ->> 'name') from public.object_history h
             join public.intel_objects o on o.stix_id = h.object_id where o.name = 'History Tool'),
  'created:History Tool', 'an analyst''s new object has its creation in the history');

insert into public.relationships (relationship_type, source_ref, target_ref)
select 'drops', o.stix_id, 'malware--39100000-0000-4000-a000-000000000001' from public.intel_objects o where o.name = 'History Tool';
update public.relationships set description = 'drops it' where target_ref = 'malware--39100000-0000-4000-a000-000000000001';
select is((select array_agg(action || coalesce(':' || field, '') order by id) from public.object_history where object_kind = 'relationship'),
  array['created', 'changed:description'], 'relationships: creation and field changes');

select public.revoke_indicators(array[939101]::bigint[], 'false positive');
select ok((select bool_or(field = 'revoked' and new_value = 'true'::jsonb) from public.object_history
            where object_kind = 'indicator' and object_id = (select stix_id from public.indicators where id = 939101)),
  'indicators: a change an analyst makes through an RPC is recorded');

-- Notes.
select lives_ok($$ insert into public.object_notes (object_kind, object_id, body, tlp)
                   values ('object', 'malware--39100000-0000-4000-a000-000000000001', 'Seen again <img src=x onerror=alert(1)>', 'green') $$,
  'an analyst adds a note to a knowledge object');
select is((select author::text || '|' || body from public.object_notes where object_id = 'malware--39100000-0000-4000-a000-000000000001'),
  '00000000-0000-4000-a000-00000000000b|Seen again <img src=x onerror=alert(1)>', 'as its author, stored raw');
select throws_ok($$ insert into public.object_notes (object_kind, object_id, body, tlp)
                    values ('object', 'malware--39100000-0000-4000-a000-000000000001', 'too secret', 'amber') $$,
  '22023', 'A note is at most its object''s TLP (TLP:GREEN); this one is TLP:AMBER.', 'a note above its object''s TLP is refused');
select throws_ok($$ insert into public.object_notes (object_kind, object_id, body)
                    values ('object', 'malware--39100000-0000-4000-a000-000000000002', 'probe') $$,
  '22023', 'No object you can read has the id malware--39100000-0000-4000-a000-000000000002.', 'a hidden object reads as absent');
select throws_ok($$ insert into public.object_notes (object_kind, object_id, body, author)
                    values ('object', 'malware--39100000-0000-4000-a000-000000000001', 'as someone else', '00000000-0000-4000-a000-00000000000a') $$,
  '42501', null, 'the author cannot be given');
select throws_ok($$ insert into public.object_notes (object_kind, object_id, body) values ('indicator', 'x', '   ') $$,
  null, null, 'an empty note is refused');
select throws_ok($$ update public.object_notes set body = 'rewritten' $$, '42501', null, 'an analyst cannot rewrite a note');
select throws_ok($$ delete from public.object_history $$, '42501', null, 'nor delete the history');
reset role;
select throws_ok($$ update public.object_history set field = 'x' $$, '42501', 'object_history is append-only.',
  'the history is append-only to the owner too');
select throws_ok($$ delete from public.object_notes $$, '42501', 'object_notes is append-only.', 'and the notes');

-- What another reader sees: a history and notes only with the object.
insert into public.object_notes (object_kind, object_id, body, tlp, author)
  values ('object', 'malware--39100000-0000-4000-a000-000000000002', 'red note', 'red', null);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.object_notes where object_id = 'malware--39100000-0000-4000-a000-000000000002'),
  0, 'a note on a hidden object is hidden');

select * from finish();
rollback;
