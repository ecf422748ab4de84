-- The analyst pages' reads: the IOC list (filters, keyset pages without gaps or repeats, defanged
-- search), counts, KEV feed, unified search (typos, ATT&CK ids, defanged values), the dashboard,
-- and the event stream's triggers — each with TLP:RED kept from analysts.
begin;
select plan(32);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.sources (id, name, format) values ('50000000-0000-4000-a000-000000000001', 'Feed A', 'threatfox');
-- 25 domains with 5 equal last_seen values (ties), one RED, one revoked.
insert into public.indicators (type, value, tlp, last_seen, confidence, revoked)
  select 'domain', format('host%s.evil.example', n), case when n = 7 then 'red' else 'amber' end::public.tlp_level,
         timestamptz '2026-01-01' + ((n / 5) || ' hours')::interval, 50 + n, n = 9
    from generate_series(1, 25) n;
insert into public.indicators (type, value, tlp, last_seen) values ('url', 'http://evil.example/payload', 'clear', '2026-02-01');
insert into public.indicator_sources (indicator_id, source_id, tlp, malware)
  select id, '50000000-0000-4000-a000-000000000001', tlp, '{Emotet}' from public.indicators where value like 'host1%';
insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix, external_ids) values
  ('malware--00000000-0000-4000-8000-0000000000e1', 'malware', 'Emotet', '{Heodo,Geodo}', 'clear', '{}', '{}'),
  ('attack-pattern--00000000-0000-4000-8000-0000000000a1', 'attack-pattern', 'Command and Scripting Interpreter', '{}', 'clear', '{}', '{T1059}'),
  ('intrusion-set--00000000-0000-4000-8000-0000000000b1', 'intrusion-set', 'Secret Crew', '{}', 'red', '{}', '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
  select 'relationship--' || extensions.uuid_generate_v4(), 'indicates', i.stix_id, 'malware--00000000-0000-4000-8000-0000000000e1', 'clear', '{}'
    from public.indicators i where i.value like 'host1%';
insert into public.vulnerabilities (cve_id, kev_date_added, kev_due_date, kev_vendor, kev_product, kev_name, kev_ransomware_use, epss_score, epss_previous_score, tlp) values
  ('CVE-2024-3400', current_date - 3, current_date + 10, 'Palo Alto Networks', 'PAN-OS', 'PAN-OS Command Injection', 'Known', 0.97, 0.95, 'clear'),
  ('CVE-2023-0001', current_date - 400, current_date - 380, 'Fortinet', 'FortiOS', 'FortiOS Overflow', 'Unknown', 0.40, null, 'clear'),
  ('CVE-2099-0001', current_date - 1, current_date + 5, 'Secret', 'Thing', 'Secret Thing', 'Unknown', 0.99, null, 'red');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select * from public.search_indicators() $$, '42501', null, 'anon cannot search indicators');
select throws_ok($$ select * from public.unified_search('emotet') $$, '42501', null, 'anon cannot search');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- The IOC list.
select is((select count(*)::int from public.search_indicators(_limit => 500)), 25, 'an analyst sees every indicator but the RED one');
select is((select count(*)::int from public.search_indicators(_limit => 500, _revoked => false)), 24, 'the revoked one can be left out');
create temp table pages (page int, id bigint);
do $$
declare
  page int := 0;
  after_key text;
  after_id bigint;
  r record;
  n int;
begin
  loop
    page := page + 1;
    n := 0;
    for r in select * from public.search_indicators(_after_key => after_key, _after_id => after_id, _limit => 4) loop
      insert into pages values (page, r.id);
      after_key := r.sort_key;
      after_id := r.id;
      n := n + 1;
    end loop;
    exit when n < 4 or page > 20;
  end loop;
end
$$;
select is((select count(*)::int from pages), 25, 'keyset pages of 4 return every row');
select is((select count(distinct id)::int from pages), 25, 'and none twice, across ties');
select results_eq(
  $$ select id from pages order by page, id desc limit 3 $$,
  $$ select id from public.search_indicators(_limit => 3) $$, 'the first page is the newest');
select is((select value from public.search_indicators(_value => 'hxxp://evil[.]example/pay')), 'http://evil.example/payload', 'a defanged search finds the URL');
select is((select count(*)::int from public.search_indicators(_value => 'host2', _limit => 500)), 7, 'a substring finds domains (host2, host20-25)');
select is((select count(*)::int from public.search_indicators(_value => 'host7.evil')), 0, 'a value search never returns a RED indicator (its ids are found as the owner)');
select is((select (total, exact) from public.count_indicators(_value => 'host7.evil')), (0::bigint, true), 'nor counts it');
select is((select count(*)::int from public.search_indicators(_source_id => '50000000-0000-4000-a000-000000000001', _limit => 500)), 11, 'the source filter');
select is((select count(*)::int from public.search_indicators(_malware_id => 'malware--00000000-0000-4000-8000-0000000000e1', _limit => 500)), 11, 'the malware filter');
select is((select malware from public.search_indicators(_value => 'host10.') limit 1), '{Emotet}'::text[], 'rows name their malware');
select is((select count(*)::int from public.search_indicators(_min_confidence => 70, _limit => 500)), 6, 'the confidence filter');
select throws_ok($$ select * from public.search_indicators(_sort => 'random') $$, '22023', 'Unknown sort "random": use last_seen, first_seen, score or value.', 'an unknown sort is refused in words');
select throws_ok($$ select * from public.search_indicators(_limit => 0) $$, '22023', 'The page size must be between 1 and 500.', 'a bad page size too');
select is((select (total, exact) from public.count_indicators(_types => '{domain}')), (24::bigint, true), 'an exact count below the cap, RED left out');

-- KEV feed.
select results_eq($$ select cve_id from public.kev_feed(_sort => 'epss') $$, $$ values ('CVE-2024-3400'::text), ('CVE-2023-0001') $$, 'KEV by EPSS, RED left out');
select is((select epss_delta from public.kev_feed() where cve_id = 'CVE-2024-3400')::numeric(4, 2), 0.02, 'with the EPSS change');
select results_eq($$ select cve_id from public.kev_feed(_overdue_only => true) $$, $$ values ('CVE-2023-0001'::text) $$, 'overdue only');
select results_eq($$ select cve_id from public.kev_feed(_query => 'palo alto') $$, $$ values ('CVE-2024-3400'::text) $$, 'search by vendor');

-- Unified search.
select is((select title from public.unified_search('emotett') where kind = 'malware'), 'Emotet', 'a typo still finds Emotet');
select is((select title from public.unified_search('T1059') where kind = 'attack-pattern'), 'Command and Scripting Interpreter', 'an ATT&CK id finds its technique');
select is((select title from public.unified_search('hxxp://evil[.]example/payload') where kind = 'indicator' limit 1), 'http://evil.example/payload', 'a defanged value finds the indicator');
select is((select count(*)::int from public.unified_search('secret') where kind in ('intrusion-set', 'cve')), 0, 'RED objects and CVEs are not found by analysts');
select is((select id from public.unified_search('CVE-2024-34') where kind = 'cve'), 'CVE-2024-3400', 'a CVE id prefix');
select throws_ok($$ select * from public.unified_search('x') $$, '22023', 'Search for 2 to 200 characters.', 'a one-letter search is refused');

-- Dashboard.
select is((select (kev_added_30d, kev_total) from public.dashboard_figures()), (1::bigint, 2::bigint), 'KEV figures without RED');
select is((select count(*)::int from public.alert_trend(14)), 14 * 4, 'the trend has every day and severity');
select is((select indicator_count from public.top_malware(5) where name = 'Emotet'), 11::bigint, 'top malware is counted by the trigger');
reset role;

-- The event stream: one KEV event per TLP of the statement above, each marked as its CVEs (the RED
-- CVE is announced under RED only: issue 36 §1).
select results_eq($$ select cve_ids, counts, tlp::text from public.intel_events where kind = 'kev_added' order by tlp $$,
  $$ values ('{CVE-2024-3400,CVE-2023-0001}'::text[], '{"kev_added": 2}'::jsonb, 'clear'),
            ('{CVE-2099-0001}'::text[], '{"kev_added": 1}'::jsonb, 'red') $$,
  'one kev_added event per statement and TLP, newest first');

select * from finish();
rollback;
