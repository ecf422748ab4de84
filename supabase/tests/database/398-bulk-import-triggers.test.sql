-- Bulk imports skip the row triggers that only act for analysts (issue 31 §1, 20261202080000),
-- and nothing else changes: acting as the importer (service_role, no JWT) rows are written as
-- given; an analyst's insert still gets its author, id and STIX object, an analyst's own STIX id is
-- still refused; a link to a merged object still follows the merge unless the writer says it
-- resolved the ends itself (cti.refs_resolved, the importer's derived links); and the graph counts
-- still see indicators that arrive after their links, many in one statement, and leave again.
begin;
select plan(12);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

\set family 'malware--03980000-0000-4000-a000-000000000001'
\set merged 'malware--03980000-0000-4000-a000-000000000002'
insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  (:'family', 'malware', 'BulkLoader', 'clear', '{}');
insert into public.intel_object_aliases (stix_id, target_stix_id, name) values (:'merged', :'family', 'OldLoader');

-- ── As the importer ─────────────────────────────────────────────────────────────────────────────
set local role service_role;
select set_config('request.jwt.claims', '', true);

-- Links first (a STIX bundle may name indicators before they arrive), then 25 indicators at once.
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select format('relationship--03980000-0000-4000-a001-%s', lpad(n::text, 12, '0')), 'indicates',
       private.indicator_stix_id('domain', 'n' || n || '.bulk-test.example'), :'family', 'clear', '{}'
  from generate_series(1, 25) n;
reset role; -- the counts are private
select is((select count(*)::int from private.graph_indicator_counts where target_ref = :'family'), 0,
  'links to indicators not yet known count nothing');
set local role service_role;
insert into public.indicators (type, value, tlp)
select 'domain', 'n' || n || '.bulk-test.example', 'green' from generate_series(1, 25) n;
reset role; -- the counts are private
select is((select n::int from private.graph_indicator_counts where target_ref = :'family' and type = 'domain' and tlp = 'green'),
  25, 'the indicators arriving in one statement are counted against their family');
set local role service_role;
select is((select count(*)::int from public.indicators where value like '%.bulk-test.example' and not superseded), 25,
  'imported rows are stored as given (no row steps aside)');

delete from public.indicators where value in ('n1.bulk-test.example', 'n2.bulk-test.example');
reset role; -- the counts are private
select is((select n::int from private.graph_indicator_counts where target_ref = :'family' and type = 'domain' and tlp = 'green'),
  23, 'removed indicators are taken back');
set local role service_role;

-- A link to the merged id follows the merge; the importer's resolved links are stored as given.
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--03980000-0000-4000-a002-000000000001', 'indicates',
   private.indicator_stix_id('domain', 'n3.bulk-test.example'), :'merged', 'clear', '{}');
select is((select target_ref from public.relationships where stix_id = 'relationship--03980000-0000-4000-a002-000000000001'),
  :'family', 'a service-role link to a merged object follows the merge');
select set_config('cti.refs_resolved', 'on', true);
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--03980000-0000-4000-a002-000000000002', 'indicates',
   private.indicator_stix_id('domain', 'n4.bulk-test.example'), :'family', 'clear', '{}');
select is((select target_ref from public.relationships where stix_id = 'relationship--03980000-0000-4000-a002-000000000002'),
  :'family', 'a link the importer resolved itself is stored as given');
select is((select created_by from public.relationships where stix_id = 'relationship--03980000-0000-4000-a002-000000000002'),
  null, 'and has no author');
-- Only links from indicators: another writer's ends are followed even with the setting on.
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--03980000-0000-4000-a002-000000000003', 'related-to', :'family', :'merged', 'clear', '{}');
select is((select target_ref from public.relationships where stix_id = 'relationship--03980000-0000-4000-a002-000000000003'),
  :'family', 'a link between objects follows the merge whatever the setting says');
select set_config('cti.refs_resolved', 'off', true);
reset role;

-- ── As an analyst ───────────────────────────────────────────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok($$ insert into public.relationships (relationship_type, source_ref, target_ref)
  values ('indicates', private.indicator_stix_id('domain', 'n5.bulk-test.example'), 'malware--03980000-0000-4000-a000-000000000002') $$,
  'an analyst links an indicator to a merged family');
select is((select count(*)::int from public.relationships
            where created_by = '00000000-0000-4000-a000-00000000000b' and target_ref = :'family'
              and stix ->> 'id' = stix_id and stix_id ~ '^relationship--'),
  1, 'with the analyst as author, an id, its STIX object, and the merge followed');
select throws_ok($$ insert into public.relationships (stix_id, relationship_type, source_ref, target_ref)
  values ('relationship--03980000-0000-4000-a002-0000000000ff', 'indicates',
          private.indicator_stix_id('domain', 'n6.bulk-test.example'), 'malware--03980000-0000-4000-a000-000000000001') $$,
  '22023', null, 'an analyst''s own STIX id is still refused');
reset role;

select is((select sum(n)::int from private.graph_indicator_counts where target_ref = :'family'),
  26, 'links added to known indicators are counted as before (23, two by the importer, one by the analyst)');

select * from finish();
rollback;
