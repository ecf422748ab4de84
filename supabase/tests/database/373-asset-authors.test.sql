-- An asset's author is the database's (issue 36 §9): the caller on insert, never changed; asset
-- changes are audited. STIX ids of what analysts write are the database's too (§2).
begin;
select plan(7);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql
insert into public.assets (id, hostname, created_by) values ('a5000000-0000-4000-a000-000000000373', 'admins-373.example', '00000000-0000-4000-a000-00000000000a');

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ insert into public.assets (hostname, created_by) values ('x-373.example', '00000000-0000-4000-a000-00000000000a') $$,
  '42501', null, 'an analyst cannot name an asset''s author');
select lives_ok($$ insert into public.assets (hostname) values ('own-373.example') $$, 'an analyst adds an asset');
select throws_ok($$ update public.assets set created_by = '00000000-0000-4000-a000-00000000000b' where hostname = 'admins-373.example' $$,
  '42501', null, 'an analyst cannot rewrite who created an asset');
update public.assets set owner = 'Ops 373' where hostname = 'admins-373.example';
select throws_ok($$ insert into public.intel_objects (stix_id, type, name, tlp) values ('malware--00000000-0000-4000-a000-000000000373', 'malware', 'm', 'amber') $$,
  '22023', null, 'an analyst names no STIX id');
reset role;

select is((select created_by from public.assets where hostname = 'own-373.example'), '00000000-0000-4000-a000-00000000000b'::uuid,
  'the analyst is its author');
select throws_ok($$ update public.assets set created_by = null where hostname = 'admins-373.example' $$, '42501', null,
  'no one rewrites it, the database owner included');
select is((select array_agg(action order by id) from public.audit_trail where target_type = 'asset'
             and target_id in (select id::text from public.assets where hostname like '%-373.example')),
  array['asset.created', 'asset.created', 'asset.changed'], 'asset changes are audited');

select * from finish();
rollback;
