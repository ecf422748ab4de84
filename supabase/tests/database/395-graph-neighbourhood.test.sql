-- The knowledge graph's neighbourhood (issue 29 §3), acting as each role: an analyst sees an intrusion
-- set's malware, its 30 techniques as one group node, its indicators as one counted group by type,
-- and its sightings counted; a TLP:RED malware and a TLP:RED indicator outside the analyst's
-- audience are neither drawn nor counted, while a member of the audience sees and counts them.
-- Groups open by type and in pages; type and date filters narrow the answer; bad input is refused in
-- words; anon cannot call it.
begin;
select plan(30);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local'),
  ('00000000-0000-4000-a000-0000000395c1', 'authenticated', 'authenticated', 'red-member@test.local');
\ir ../fixtures/claims.psql
\set red_claims '{"sub":"00000000-0000-4000-a000-0000000395c1","role":"authenticated","session_id":"20000000-0000-4000-a000-0000000395c1"}'

insert into public.groups (id, name, max_tlp) values ('0395a000-0000-4000-a000-000000000001', 'Graph red cell', 'red');
insert into public.group_members (group_id, user_id) values
  ('0395a000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-0000000395c1');

\set actor 'intrusion-set--03950000-0000-4000-a000-000000000001'
\set open_malware 'malware--03950000-0000-4000-a000-000000000002'
\set red_malware 'malware--03950000-0000-4000-a000-000000000003'
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix, red_audience) values
  (:'actor', 'intrusion-set', 'Graph Panda', 'clear', '2026-06-01', '{}', '{}'),
  (:'open_malware', 'malware', 'OpenLoader', 'clear', '2026-06-01', '{}', '{}'),
  (:'red_malware', 'malware', 'SecretLoader', 'red', '2026-06-01', '{}', array['0395a000-0000-4000-a000-000000000001'::uuid]);
-- 30 techniques: more than 25 of one type make a group node.
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix)
select format('attack-pattern--03950000-0000-4000-a000-%s', lpad(n::text, 12, '0')), 'attack-pattern',
       'Technique ' || n, 'clear', '2025-01-01', '{}'
  from generate_series(1, 30) n;
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select format('relationship--03950000-0000-4000-a001-%s', lpad(n::text, 12, '0')), 'uses', :'actor',
       format('attack-pattern--03950000-0000-4000-a000-%s', lpad(n::text, 12, '0')), 'clear', '{}'
  from generate_series(1, 30) n;
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--03950000-0000-4000-a002-000000000001', 'uses', :'actor', :'open_malware', 'clear', '{}'),
  ('relationship--03950000-0000-4000-a002-000000000002', 'uses', :'actor', :'red_malware', 'clear', '{}');

-- Eleven readable indicators (six md5, five domains) and one TLP:RED one for the audience.
insert into public.indicators (id, type, value, tlp, last_seen) overriding system value
select 3950500 + n, 'md5', md5('graph-' || n), 'clear', ('2026-06-0' || n)::timestamptz from generate_series(1, 6) n;
insert into public.indicators (id, type, value, tlp, last_seen) overriding system value
select 3950510 + n, 'domain', 'd' || n || '.graph-test.example', 'green', '2025-01-01' from generate_series(1, 5) n;
insert into public.indicators (id, type, value, tlp, last_seen, red_audience) overriding system value values
  (3950520, 'domain', 'red.graph-test.example', 'red', '2026-06-01', array['0395a000-0000-4000-a000-000000000001'::uuid]);
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select 'relationship--03950000-0000-4000-a003-' || lpad(i.id::text, 12, '0'), 'indicates', i.stix_id, :'actor', 'clear', '{}'
  from public.indicators i where i.id between 3950501 and 3950520;
insert into public.sightings (stix_id, sighting_of_ref, tlp, last_seen, stix) values
  ('sighting--03950000-0000-4000-a004-000000000001', :'actor', 'green', '2026-06-01', '{}'),
  ('sighting--03950000-0000-4000-a004-000000000002', :'actor', 'green', '2026-06-02', '{}');

create temp table graph_answer (who text, answer jsonb) on commit drop;
grant all on graph_answer to authenticated;

-- ── An analyst (the default group, up to AMBER+STRICT) ──────────────────────────────────────────
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
insert into graph_answer select 'analyst', public.graph_neighbourhood('object', :'actor');

select is((select answer ->> 'root' from graph_answer where who = 'analyst'), :'actor', 'the answer names its root');
select ok((select answer -> 'nodes' @> jsonb_build_array(jsonb_build_object('id', :'open_malware', 'kind', 'object', 'label', 'OpenLoader'))
             from graph_answer where who = 'analyst'), 'a readable neighbour is a node');
select ok((select answer -> 'edges' @> jsonb_build_array(jsonb_build_object('source', :'actor', 'target', :'open_malware', 'type', 'uses'))
             from graph_answer where who = 'analyst'), 'joined to the root by its relationship, in its direction');
select ok((select not (answer::text like '%' || :'red_malware' || '%') and not (answer::text like '%SecretLoader%')
             from graph_answer where who = 'analyst'), 'a TLP:RED neighbour outside the analyst''s audience is not there');
select is((select jsonb_path_query_first(answer, '$.nodes[*] ? (@.id like_regex ":object:attack-pattern$")') ->> 'count'
             from graph_answer where who = 'analyst'), '30', 'thirty techniques are one group node that counts them');
select is((select count(*)::int from graph_answer, jsonb_array_elements(answer -> 'nodes') n
            where who = 'analyst' and n ->> 'type' = 'attack-pattern' and n ->> 'kind' = 'object'), 0,
  'and none of them is drawn on its own');
select is((select jsonb_path_query_first(answer, '$.nodes[*] ? (@.id like_regex ":indicator$")') ->> 'count'
             from graph_answer where who = 'analyst'), '11', 'the indicators are one group counting the eleven readable ones');
select is((select jsonb_path_query_first(answer, '$.nodes[*] ? (@.id like_regex ":indicator$")') -> 'by_type'
             from graph_answer where who = 'analyst'), '{"md5": 6, "domain": 5}'::jsonb, 'by type, RED left out');
select is((select jsonb_path_query_first(answer, '$.nodes[*] ? (@.type == "sighting")') ->> 'count'
             from graph_answer where who = 'analyst'), '2', 'sightings are counted');
select is((select jsonb_array_length(answer -> 'nodes') from graph_answer where who = 'analyst'), 5,
  'root, malware, technique group, indicator group, sightings');

-- Opening groups.
select is((select jsonb_agg(n ->> 'label' order by n ->> 'label') from jsonb_array_elements(
            public.graph_neighbourhood('object', :'actor', '{"group":"indicator"}') -> 'nodes') n),
  '["5 domain indicators", "6 md5 indicators"]'::jsonb, 'the indicator group opens into one group per type');
select is((select jsonb_array_length(public.graph_neighbourhood('object', :'actor', '{"group":"indicator","type":"md5"}', null, null, null, 4) -> 'nodes')),
  4, 'a type opens a page of its indicators');
select public.graph_neighbourhood('object', :'actor', '{"group":"indicator","type":"md5"}', null, null, null, 4) as first_page \gset
select is(:'first_page'::jsonb ->> 'next', :'first_page'::jsonb -> 'nodes' -> 3 ->> 'id', 'with the cursor of the next page');
select public.graph_neighbourhood('object', :'actor', jsonb_build_object('group', 'indicator', 'type', 'md5', 'after', :'first_page'::jsonb ->> 'next'),
  null, null, null, 4) as second_page \gset
select is((select count(*)::int from (select jsonb_array_elements(:'first_page'::jsonb -> 'nodes') ->> 'id'
                                       union select jsonb_array_elements(:'second_page'::jsonb -> 'nodes') ->> 'id') ids), 6,
  'the next page has the other two');
select is(:'second_page'::jsonb ->> 'next', null, 'and no cursor after the last');
select is((select jsonb_array_length(public.graph_neighbourhood('object', :'actor', '{"group":"indicator","type":"domain"}') -> 'nodes')),
  5, 'the RED domain is not in its page either');
select is((select jsonb_array_length(public.graph_neighbourhood('object', :'actor', '{"group":"object","type":"attack-pattern"}') -> 'nodes')),
  30, 'the technique group opens into its techniques');

-- Filters.
select is((select jsonb_agg(n ->> 'id' order by n ->> 'id') from jsonb_array_elements(
            public.graph_neighbourhood('object', :'actor', null, array['malware']) -> 'nodes') n),
  jsonb_build_array(:'actor', :'open_malware'), 'a type filter keeps those types only (and the root)');
select is((select count(*)::int from jsonb_array_elements(public.graph_neighbourhood('object', :'actor', null, null, '2026-01-01') -> 'nodes') n
            where n ->> 'kind' = 'indicator'), 6, 'a date filter keeps the indicators last seen in it (ten or fewer are drawn, not grouped)');
select is((select jsonb_array_length(public.graph_neighbourhood('object', :'actor', null, null, '2027-01-01') -> 'nodes')), 1,
  'a range with nothing in it leaves the root alone');

-- Refusals.
select throws_ok(format($$ select public.graph_neighbourhood('object', %L) $$, :'red_malware'), '22023',
  'No such object, or your clearance does not cover it.', 'a RED object outside the audience is no root, and not said to exist');
select throws_ok($$ select public.graph_neighbourhood('case', 'x') $$, '22023',
  'A graph starts at an object or an indicator, not "case".', 'an unknown kind is refused in words');
select throws_ok(format($$ select public.graph_neighbourhood('object', %L, null, null, '2026-02-01', '2026-01-01') $$, :'actor'), '22023',
  'The date range ends before it starts.', 'so is a backwards date range');

-- ── A member of the RED audience ────────────────────────────────────────────────────────────────
select set_config('request.jwt.claims', :'red_claims', true);
insert into graph_answer select 'red', public.graph_neighbourhood('object', :'actor');
select ok((select answer -> 'nodes' @> jsonb_build_array(jsonb_build_object('id', :'red_malware', 'label', 'SecretLoader', 'tlp', 'red'))
             from graph_answer where who = 'red'), 'the audience sees the RED malware');
select is((select jsonb_path_query_first(answer, '$.nodes[*] ? (@.id like_regex ":indicator$")') ->> 'count'
             from graph_answer where who = 'red'), '12', 'and counts the RED indicator');
select is((select jsonb_array_length(public.graph_neighbourhood('indicator', '3950520') -> 'nodes')), 2,
  'an indicator''s graph shows the object it indicates');

-- ── The counts follow changes (kept by triggers) ───────────────────────────────────────────────
select set_config('request.jwt.claims', :'analyst_claims', true);
reset role;
update public.indicators set tlp = 'amber' where id = 3950501;
update public.relationships set revoked = true where stix_id = 'relationship--03950000-0000-4000-a003-000003950502';
delete from public.relationships where stix_id = 'relationship--03950000-0000-4000-a003-000003950511';
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--03950000-0000-4000-a003-000003950599', 'indicates', private.indicator_stix_id('md5', md5('graph-late')), :'actor', 'clear', '{}');
insert into public.indicators (id, type, value, tlp) overriding system value values (3950599, 'md5', md5('graph-late'), 'clear');
set local role authenticated;
create function pg_temp.by_type(_answer jsonb) returns jsonb language sql as $$
  select jsonb_object_agg(n -> 'group' ->> 'type', (n ->> 'count')::int) from jsonb_array_elements(_answer -> 'nodes') n $$;
select is(pg_temp.by_type(public.graph_neighbourhood('object', :'actor', '{"group":"indicator"}')), '{"md5": 6, "domain": 4}'::jsonb,
  'a revoked link and a deleted one leave the count, an indicator arriving after its link joins it, a TLP change keeps it');
select is(pg_temp.by_type(public.graph_neighbourhood('object', :'actor', '{"group":"indicator"}')),
  (select jsonb_object_agg(t, n) from (select i.type::text t, count(*) n from public.relationships r join public.indicators i on i.stix_id = r.source_ref
    where r.target_ref = :'actor' and r.relationship_type = 'indicates' and not r.revoked group by 1) x),
  'the kept counts equal a count of the rows the analyst reads');
select is(pg_temp.by_type(public.graph_neighbourhood('object', :'actor', '{"group":"indicator"}', null, '2000-01-01')),
  '{"md5": 5, "domain": 4}'::jsonb, 'a date filter counts row by row (the late indicator has no date)');

-- ── anon ─────────────────────────────────────────────────────────────────────────────────────────
reset role;
set local role anon;
select throws_ok(format($$ select public.graph_neighbourhood('object', %L) $$, :'actor'), '42501', null, 'anon cannot call it');

select * from finish();
rollback;
