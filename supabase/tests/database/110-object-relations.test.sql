-- object_relations: named related objects in both directions, indicators counted not listed, RLS
-- applied (an analyst never learns of a TLP:RED relationship or object), anon refused.
begin;
select plan(7);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('intrusion-set--00000000-0000-4000-8000-000000000001', 'intrusion-set', 'APT28', 'clear', '{}'),
  ('malware--00000000-0000-4000-8000-000000000009', 'malware', 'X-Agent', 'clear', '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000000003', 'attack-pattern', 'Phishing', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000002', 'intrusion-set', 'Secret Crew', 'red', '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--00000000-0000-4000-8000-000000000001', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'malware--00000000-0000-4000-8000-000000000009', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000002', 'uses', 'malware--00000000-0000-4000-8000-000000000009', 'attack-pattern--00000000-0000-4000-8000-000000000003', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000003', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'malware--00000000-0000-4000-8000-000000000009', 'red', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000004', 'indicates', 'indicator--00000000-0000-4000-8000-0000000000a1', 'malware--00000000-0000-4000-8000-000000000009', 'clear', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000005', 'indicates', 'indicator--00000000-0000-4000-8000-0000000000a2', 'malware--00000000-0000-4000-8000-000000000009', 'clear', '{}');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select * from public.object_relations('malware--00000000-0000-4000-8000-000000000009') $$, '42501', null, 'anon cannot call it');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq(
  $$ select relationship_type, direction, other_name from public.object_relations('malware--00000000-0000-4000-8000-000000000009') where other_type <> 'indicator' order by direction, other_name $$,
  $$ values ('uses'::text, 'in'::text, 'APT28'::text), ('uses', 'out', 'Phishing') $$,
  'related objects in both directions, named');
select results_eq(
  $$ select other_type, relationship_id from public.object_relations('malware--00000000-0000-4000-8000-000000000009') order by other_type $$,
  $$ values ('attack-pattern'::text, 'relationship--00000000-0000-4000-8000-000000000002'::text),
            ('indicator', null), ('intrusion-set', 'relationship--00000000-0000-4000-8000-000000000001') $$,
  'each named row names its relationship (to edit or revoke it); the counted indicators row names none');
select is(
  (select relationship_count from public.object_relations('malware--00000000-0000-4000-8000-000000000009') where other_type = 'indicator'),
  2::bigint, 'indicators are counted in one row');
select is(
  (select count(*) from public.object_relations('malware--00000000-0000-4000-8000-000000000009') where other_name = 'Secret Crew'),
  0::bigint, 'a TLP:RED relationship and object stay hidden from an analyst');
select is(
  (select count(*) from public.object_relations('malware--00000000-0000-4000-8000-000000000009', 1) where other_type <> 'indicator'),
  1::bigint, 'the limit caps the named rows');
reset role;
select is(
  (select count(*) from public.object_relations('malware--00000000-0000-4000-8000-000000000009') where other_name = 'Secret Crew'),
  1::bigint, 'the service role sees the RED one');

select * from finish();
rollback;
