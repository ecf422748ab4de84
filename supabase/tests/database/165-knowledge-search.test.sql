-- Search that finds what was meant: an identifier (CVE or ATT&CK id, hash, IP) answers exactly
-- only; an exact name leaves out names that only look like it (APT2 for APT28); CVEs are found by
-- their known names; an object merged into another is listed and found as that one, with both
-- sources; the Enhanced CTI list sorts the most linked first. Names start with "Zq" so the demo's
-- objects never interleave with them.
begin;
select plan(22);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.sources (id, name, format) values
  ('65000000-0000-4000-a000-000000000001', 'Zq galaxy', 'misp-galaxy'),
  ('65000000-0000-4000-a000-000000000002', 'Zq attack', 'attack');

insert into public.vulnerabilities (cve_id, kev_date_added, kev_name, tlp) values
  ('CVE-2099-44228', '2099-01-01', 'Zq Log Library Remote Code Execution', 'clear'),
  ('CVE-2099-442280', '2099-01-01', 'Zq Other Library Flaw', 'clear'),
  ('CVE-2099-44168', '2099-01-01', 'Zq Firewall File Download', 'clear');
insert into public.vulnerability_names (cve_id, name) values ('CVE-2099-44228', 'Zq4Shell');
insert into public.enhanced_security_alerts (id, title, severity, cve_id) values
  ('a1650000-0000-4000-a000-000000000001', 'CVE-2099-44228 on zq-web: Zq Log Library', 'critical', 'CVE-2099-44228'),
  ('a1650000-0000-4000-a000-000000000002', 'CVE-2099-44168 on zq-vpn: Zq Firewall', 'high', 'CVE-2099-44168'),
  ('a1650000-0000-4000-a000-000000000003', 'CVE-2099-442280 on zq-db: Zq Other Library', 'high', 'CVE-2099-442280');

-- An ATT&CK group, its galaxy twin merged into it, and groups whose names only look like it.
insert into public.intel_objects (stix_id, type, name, aliases, external_ids, modified, source_ids, stix) values
  ('intrusion-set--00000000-0000-4000-8000-000000001651', 'intrusion-set', 'Zqapt28', '{"Zq Bear"}', '{G9728}', '2026-01-01', '{65000000-0000-4000-a000-000000000002}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000001652', 'intrusion-set', 'Zq Sofacy', '{Zqapt28,"Zq Pawn"}', '{}', null, '{65000000-0000-4000-a000-000000000001}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000001653', 'intrusion-set', 'Zqapt2', '{}', '{G9702}', '2026-01-01', '{65000000-0000-4000-a000-000000000002}', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000001654', 'intrusion-set', 'Zqapt20', '{}', '{G9720}', '2026-01-01', '{65000000-0000-4000-a000-000000000002}', '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000001655', 'attack-pattern', 'Zq Scripting', '{}', '{T9759}', '2026-01-01', '{65000000-0000-4000-a000-000000000002}', '{}'),
  ('attack-pattern--00000000-0000-4000-8000-000000001656', 'attack-pattern', 'Zq PowerShell', '{}', '{T9759.001}', '2026-01-01', '{65000000-0000-4000-a000-000000000002}', '{}');
update public.intel_objects set merged_into = 'intrusion-set--00000000-0000-4000-8000-000000001651'
 where stix_id = 'intrusion-set--00000000-0000-4000-8000-000000001652';
-- Zqapt20 uses two techniques, Zqapt2 none: the links sort puts Zqapt20 first.
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, stix) values
  ('relationship--00000000-0000-4000-8000-000000001657', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000001654', 'attack-pattern--00000000-0000-4000-8000-000000001655', '{}'),
  ('relationship--00000000-0000-4000-8000-000000001658', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000001654', 'attack-pattern--00000000-0000-4000-8000-000000001656', '{}'),
  ('relationship--00000000-0000-4000-8000-000000001659', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000001652', 'attack-pattern--00000000-0000-4000-8000-000000001655', '{}');

\ir ../fixtures/claims.psql

select ok(
  private.is_exact_identifier('CVE-2021-44228') and private.is_exact_identifier('T1059.001')
  and private.is_exact_identifier('G0007') and private.is_exact_identifier('44d88612fea8a8f36de82e1278abb02f')
  and private.is_exact_identifier('129.28.85.210') and private.is_exact_identifier('2001:db8::1')
  and not private.is_exact_identifier('APT28') and not private.is_exact_identifier('log4shell')
  and not private.is_exact_identifier('CVE-2021-4'),
  'CVE and ATT&CK ids, hashes and addresses are identifiers; names and partial ids are not');

set local role anon;
select throws_ok($$ select * from public.vulnerability_names $$, '42501', null, 'anon cannot read vulnerability names');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

-- An exact identifier answers exactly.
select results_eq(
  $$ select id from public.unified_search('CVE-2099-44228', 20) where kind = 'cve' $$,
  $$ values ('CVE-2099-44228') $$, 'a whole CVE id finds that CVE, not the ids it starts');
select results_eq(
  $$ select id from public.unified_search('CVE-2099-44228', 20) where kind = 'alert' $$,
  $$ values ('a1650000-0000-4000-a000-000000000001') $$, 'a whole CVE id finds its alerts only, not those of look-alike CVEs');
select is((select kind_total from public.unified_search('CVE-2099-44228', 20) where kind = 'alert' limit 1), 1::bigint,
  'and counts only those');
select results_eq(
  $$ select id from public.unified_search('CVE-2099-442', 20) where kind = 'cve' order by id $$,
  $$ values ('CVE-2099-44228'), ('CVE-2099-442280') $$, 'a partial CVE id (too short to be one) still finds every id it starts');
select results_eq(
  $$ select title from public.unified_search('T9759', 20) where kind = 'attack-pattern' $$,
  $$ values ('Zq Scripting') $$, 'an ATT&CK id finds that technique, not its sub-techniques');
select results_eq(
  $$ select title from public.unified_search('t9759.001', 20) where kind = 'attack-pattern' $$,
  $$ values ('Zq PowerShell') $$, 'a sub-technique id finds the sub-technique');

-- An exact name leaves out look-alikes; the merged twin answers as the object it was merged into.
select results_eq(
  $$ select title from public.unified_search('Zqapt28', 20) where kind = 'intrusion-set' $$,
  $$ values ('Zqapt28') $$, 'APT28 exactly: not APT2 nor APT20, and its merged twin not twice');
select results_eq(
  $$ select title from public.unified_search('zq pawn', 20) where kind = 'intrusion-set' $$,
  $$ values ('Zqapt28') $$, 'an alias only the merged twin carries finds the object it was merged into');
select results_eq(
  $$ select title from public.unified_search('Zqapt', 20) where kind = 'intrusion-set' order by title $$,
  $$ values ('Zqapt2'), ('Zqapt20'), ('Zqapt28') $$, 'a part of a name still finds every name containing it');
select ok(
  (select count(*) from public.unified_search('Zqapt27', 20) where kind = 'intrusion-set') > 0,
  'with no exact match, a look-alike name is still found (typo tolerance)');

-- CVEs by known name.
select results_eq(
  $$ select id, title from public.unified_search('zq4shell', 20) where kind = 'cve' $$,
  $$ values ('CVE-2099-44228', 'CVE-2099-44228 (Zq4Shell): Zq Log Library Remote Code Execution') $$,
  'a known name finds its CVE');
select is((select count(*)::int from public.unified_search('zq4shell', 20) where kind <> 'cve'), 0,
  'and, matched exactly, lists nothing that only looks like it');

-- Enhanced CTI: the merged twin is one row with both sources and its aliases.
select results_eq(
  $$ select name, sources from public.cti_objects(_query => 'zq sofacy', _limit => 50) $$,
  $$ values ('Zqapt28'::text, array['Zq attack', 'Zq galaxy']) $$, 'the merged twin''s name lists the object it was merged into, with both sources');
select ok(
  (select aliases @> array['Zq Pawn', 'Zq Sofacy'] from public.cti_objects(_query => 'zqapt28', _limit => 50) where name = 'Zqapt28'),
  'its aliases include the twin''s name and aliases');
select is(
  (select count(*)::int from public.cti_objects(_query => 'zqapt', _limit => 50)), 3, 'the twin is not listed apart');
select results_eq(
  $$ select name from public.cti_objects(_source_id => '65000000-0000-4000-a000-000000000001', _limit => 50) $$,
  $$ values ('Zqapt28') $$, 'filtered by the twin''s source, the object it was merged into is listed');
select is(
  (select objects from public.cti_object_facets() where source_name = 'Zq galaxy'), 1::bigint, 'the facets count it under its source');

-- Most linked first, in keyset pages without gaps.
select results_eq(
  $$ select name, links from public.cti_objects(_query => 'zqapt', _sort => 'links', _limit => 50) $$,
  $$ values ('Zqapt20'::text, 2), ('Zqapt28', 1), ('Zqapt2', 0) $$, 'the links sort: most linked first, the twin''s links counted');
select results_eq(
  $$ with first as (select * from public.cti_objects(_query => 'zqapt', _sort => 'links', _limit => 1))
     select p.name from first, public.cti_objects(_query => 'zqapt', _sort => 'links', _after_key => first.sort_key, _after_id => first.stix_id, _limit => 50) p $$,
  $$ values ('Zqapt28'::text), ('Zqapt2') $$, 'the next page follows on');
select throws_ok($$ select * from public.cti_objects(_sort => 'stix') $$, '22023', 'Unknown sort "stix": use links, name or modified.',
  'an unknown sort is refused in words');

select * from finish();
rollback;
