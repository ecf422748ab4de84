-- STIX ids that survive: every id an indicator arrived with is kept (read as the indicator is:
-- TLP:RED ones only by an admin with MFA; written by importers only), the first is the id
-- taxii_objects serves it under, relationships sent with any of its ids point at that id, and a
-- relationship whose end is not in the collection for this reader is left out.
begin;
select plan(20);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-0000000003a1', 'authenticated', 'authenticated', 'ids-admin@test.local'),
  ('00000000-0000-4000-a000-0000000003b1', 'authenticated', 'authenticated', 'ids-analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-0000000003a1', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-0000000003a1', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('30000000-0000-4000-a000-000000000303', '00000000-0000-4000-a000-0000000003a1', now(), now() + interval '12 hours');

\set analyst_claims '{"sub":"00000000-0000-4000-a000-0000000003b1","role":"authenticated"}'
\set admin_mfa_claims '{"sub":"00000000-0000-4000-a000-0000000003a1","role":"authenticated","session_id":"30000000-0000-4000-a000-000000000303"}'
\set all_collection '''5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01'''
\set a '''indicator--0b6a2c1e-5d4f-4e3a-9b8c-7d6e5f4a3b21'''
\set b '''indicator--7e1d9c3b-2a4f-4d6e-8f0a-1b2c3d4e5f60'''
\set c '''indicator--1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10'''
\set m '''malware--4f3e2d1c-0b9a-4887-a665-5d4c3b2a1f09'''

-- One green value known by two producers' ids (A first), one red value known by C.
insert into public.indicators (type, value, tlp, origin_stix_id) values
  ('domain', 'green.ids-test.example', 'green', :a),
  ('domain', 'red.ids-test.example', 'red', :c);
insert into public.indicator_stix_ids (stix_id, indicator_id)
select x.id, i.id from (values (:a, 'green.ids-test.example'), (:b, 'green.ids-test.example'),
                               (:c, 'red.ids-test.example')) x (id, value)
  join public.indicators i on i.value = x.value;
insert into public.intel_objects (stix_id, type, name, tlp, spec_version, stix) values
  (:m, 'malware', 'Survivor', 'clear', '2.1', jsonb_build_object('type', 'malware', 'id', :m, 'name', 'Survivor', 'is_family', true));
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--00000000-0000-4000-8000-000000000301', 'indicates', :a, :m, 'green', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000302', 'indicates', :b, :m, 'green', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000303', 'indicates',
     (select stix_id from public.indicators where value = 'green.ids-test.example'), :m, 'green', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000304', 'indicates', :c, :m, 'green', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000305', 'indicates', :a, 'malware--9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', 'green', '{}');
insert into public.taxii_collections (id, title, object_types) values
  ('40000000-0000-4000-a000-000000000301', 'Indicators and links', array['indicator', 'relationship']);

create temp table seen (reader text, id text, date_added timestamptz, object jsonb) on commit drop;
grant insert, select on seen to authenticated;

-- The analyst ---------------------------------------------------------------------------------------
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
insert into seen select 'analyst', id, date_added, object from public.taxii_objects(:all_collection, _limit => 10000);
select is((select object ->> 'id' from seen where reader = 'analyst' and object ->> 'name' = 'green.ids-test.example'),
  :a::text, 'an indicator is served under the first STIX id it arrived with');
select is((select object -> 'x_cti_stix_ids' from seen where reader = 'analyst' and id = :a),
  (select jsonb_agg(x order by x) from (select :b::text union select stix_id from public.indicators where value = 'green.ids-test.example') k (x)),
  'the other ids it is known by, ours included, are listed beside it');
select is((select array_agg(object ->> 'source_ref' order by id) from seen where reader = 'analyst' and id like 'relationship--00000000-0000-4000-8000-0000000003%'),
  array[:a, :a, :a]::text[], 'links sent with its first id, a second producer''s id and ours all point at the served id');
select ok(not exists (select 1 from seen where reader = 'analyst' and id = 'relationship--00000000-0000-4000-8000-000000000304'),
  'a link to a TLP:RED indicator the reader may not read is left out');
select ok(not exists (select 1 from seen where reader = 'analyst' and id = 'relationship--00000000-0000-4000-8000-000000000305'),
  'a link to an object nobody sent is left out');
select is((select array_agg(id) from public.taxii_objects(:all_collection, _ids => array[:b])), array[:a]::text[],
  'asked by another of its ids, the indicator comes under its served id');
select is((select count(*)::int from public.taxii_objects('40000000-0000-4000-a000-000000000301', _types => array['relationship'])), 0,
  'a collection without malware serves no link to malware');
select is((select array_agg(stix_id::text order by stix_id) from public.indicator_stix_ids where stix_id in (:a, :b, :c)), array[:a, :b]::text[],
  'the analyst reads the ids of the indicators they may read, not of TLP:RED ones');
select throws_ok($$ insert into public.indicator_stix_ids (stix_id, indicator_id)
  values ('indicator--2f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10', (select id from public.indicators limit 1)) $$,
  '42501', null, 'analysts do not add ids');
select throws_ok($$ update public.indicators set origin_stix_id = null $$,
  '42501', null, 'analysts do not change the served id');

-- Paging by the served id: pages of one walk every object once, in order.
create temp table walked (n int, id text) on commit drop;
do $$
declare _d timestamptz := '-infinity'; _i text := ''; _r record; _n int := 0;
begin
  loop
    select p.id, p.date_added into _r from public.taxii_objects('5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01', _d, _i, 1, _with_objects => false) p;
    exit when _r.id is null or _n > 10000;
    _n := _n + 1;
    insert into walked values (_n, _r.id);
    _d := _r.date_added; _i := _r.id;
  end loop;
end
$$;
select is((select array_agg(id order by n) from walked), (select array_agg(id order by date_added, id collate "C") from seen where reader = 'analyst'),
  'pages of one, keyset on (date added, served id), walk every object once');

-- An admin with MFA -----------------------------------------------------------------------------
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
reset role;
\set red_member '00000000-0000-4000-a000-0000000003a1'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select is((select object ->> 'source_ref' from public.taxii_objects(:all_collection, _ids => array['relationship--00000000-0000-4000-8000-000000000304'])),
  :c::text, 'an admin with MFA gets the RED link, pointing at the RED indicator''s served id');
select is((select count(*)::int from public.indicator_stix_ids where stix_id in (:a, :b, :c)), 3, 'an admin with MFA reads every id');
select is((select count(*)::int from public.taxii_objects(:all_collection, _limit => 10000, _max_tlp => 'amber')
            where id in ('relationship--00000000-0000-4000-8000-000000000304', (select coalesce(origin_stix_id, stix_id) from public.indicators where tlp = 'red'))), 0,
  'below a TLP ceiling the RED indicator goes, and the link to it with it');
select is((select count(*)::int from public.taxii_objects(:all_collection, _limit => 10000, _max_tlp => 'amber')
            where id like 'relationship--00000000-0000-4000-8000-0000000003%'), 3,
  'the links to what stays are kept');
reset role;

-- Importers (service role) --------------------------------------------------------------------------
set local role service_role;
select lives_ok($$ insert into public.indicator_stix_ids (stix_id, indicator_id)
  values ('indicator--3f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10', (select id from public.indicators where value = 'green.ids-test.example')) $$,
  'importers add ids');
select throws_ok($$ insert into public.indicator_stix_ids (stix_id, indicator_id)
  values ('indicator--7e1d9c3b-2a4f-4d6e-8f0a-1b2c3d4e5f60', (select id from public.indicators where value = 'red.ids-test.example')) $$,
  '23505', null, 'an id names one indicator');
select throws_ok($$ update public.indicators set origin_stix_id = 'indicator--0b6a2c1e-5d4f-4e3a-9b8c-7d6e5f4a3b21' where value = 'red.ids-test.example' $$,
  '23505', null, 'two indicators are never served under one id');
select throws_ok($$ insert into public.indicator_stix_ids (stix_id, indicator_id)
  values ('malware--3f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a10', (select id from public.indicators limit 1)) $$,
  '23514', null, 'only indicator ids are kept');
reset role;
delete from public.indicators where value = 'red.ids-test.example';
select is((select count(*)::int from public.indicator_stix_ids where stix_id = :c), 0, 'ids go with their indicator');

select * from finish();
rollback;
