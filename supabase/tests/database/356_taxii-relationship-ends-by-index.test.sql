-- A TAXII page of relationships finds each indicator end through an index, under row-level security,
-- never by scanning the indicators (20261202020000: a scan per end made pages deep in the
-- relationships take 8–28 s on the demo dataset). Counted with the transaction's own table
-- statistics, so the check does not depend on timing.
begin;
select plan(3);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.indicators (type, value, tlp)
  select 'domain', 'host' || g || '.ends-by-index.example', 'green' from generate_series(1, 20000) g;
insert into public.intel_objects (stix_id, type, name, tlp, stix) values
  ('malware--00000000-0000-4000-8000-0000000000e1', 'malware', 'Ends Test', 'clear', '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
  select 'relationship--00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'), 'indicates', i.stix_id,
         'malware--00000000-0000-4000-8000-0000000000e1', 'clear', '{}'
    from (select stix_id, row_number() over (order by id) as n from public.indicators
           where value like '%.ends-by-index.example' order by id limit 200) i;
analyze public.indicators;
analyze public.indicator_stix_ids;
analyze public.relationships;

\ir ../fixtures/claims.psql
create temp table scans_before on commit drop as
  select seq_scan from pg_stat_xact_user_tables where relid = 'public.indicators'::regclass;
grant select on scans_before to authenticated;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
create temp table page on commit drop as
  select * from public.taxii_objects('5f8a3c0e-3b8e-4d0a-9a55-7a1f0c2d9e01', now() - interval '1 microsecond', '', 100,
                                     null, array['relationship']);  -- this test's rows: the newest
select is((select count(*)::int from page), 100, 'a page of 100 relationships to indicators');
select ok((select bool_and(object ->> 'source_ref' like 'indicator--%') from page), 'each names its indicator by its served id');
reset role;

select is((select seq_scan from pg_stat_xact_user_tables where relid = 'public.indicators'::regclass),
  (select seq_scan from scans_before), 'no indicator end was found by scanning the indicators');

select * from finish();
rollback;
