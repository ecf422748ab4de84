-- The knowledge base: TLP enforced by RLS per role (anon, analyst, admin without MFA, admin with
-- MFA, service role) on every intelligence table; analysts add intelligence as themselves; only
-- the service role writes provenance, runs and imported rows; canonical values; plans at volume.
begin;
select plan(51);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

insert into public.sources (id, name, format) values ('50000000-0000-4000-a000-000000000001', 'Test feed', 'stix');
insert into public.indicators (type, value, tlp) values
  ('ipv4', '203.0.113.7', 'clear'), ('domain', 'evil.example', 'amber'), ('url', 'http://red.example/x', 'red');
insert into public.indicator_sources (indicator_id, source_id, tlp)
  select id, '50000000-0000-4000-a000-000000000001', tlp from public.indicators;
insert into public.vulnerabilities (cve_id, kev_date_added, tlp) values ('CVE-2024-3400', '2024-04-12', 'clear'), ('CVE-2099-0001', null, 'red');
insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix) values
  ('intrusion-set--00000000-0000-4000-8000-000000000001', 'intrusion-set', 'APT28', '{Fancy Bear,Sofacy}', 'clear', '{}'),
  ('intrusion-set--00000000-0000-4000-8000-000000000002', 'intrusion-set', 'Red Team X', '{}', 'red', '{}');
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix) values
  ('relationship--00000000-0000-4000-8000-000000000001', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000001', 'malware--00000000-0000-4000-8000-000000000009', 'green', '{}'),
  ('relationship--00000000-0000-4000-8000-000000000002', 'uses', 'intrusion-set--00000000-0000-4000-8000-000000000002', 'malware--00000000-0000-4000-8000-000000000009', 'red', '{}');
insert into public.sightings (stix_id, sighting_of_ref, tlp, stix) values
  ('sighting--00000000-0000-4000-8000-000000000001', 'indicator--00000000-0000-4000-8000-000000000001', 'amber', '{}'),
  ('sighting--00000000-0000-4000-8000-000000000002', 'indicator--00000000-0000-4000-8000-000000000001', 'red', '{}');
insert into public.import_runs (source_id, source_name, format, status) values ('50000000-0000-4000-a000-000000000001', 'Test feed', 'stix', 'succeeded');

\ir ../fixtures/claims.psql

-- The STIX id and pattern are derived in SQL exactly as the importers' code derives them
-- (uuid v5 of JSON.stringify({type, value}), computed with the uuid package for 1.2.3.4).
insert into public.indicators (type, value, tlp) values ('ipv4', '1.2.3.4', 'clear');
select is((select stix_id from public.indicators where value = '1.2.3.4'), 'indicator--da0409a9-9624-575b-94e9-20aa330505d6', 'the STIX id is the importers'' UUIDv5');
select is((select pattern from public.indicators where value = '1.2.3.4'), '[ipv4-addr:value = ''1.2.3.4'']', 'the pattern is STIX patterning');
select is((select count(*)::int from public.indicators where stix_id is distinct from private.indicator_stix_id(type, value)), 0, 'the generated STIX id and private.indicator_stix_id agree');
delete from public.indicators where value = '1.2.3.4';

-- anon reads nothing.
set local role anon;
select throws_ok($$ select * from public.indicators $$, '42501', null, 'anon cannot read indicators');
select throws_ok($$ select * from public.vulnerabilities $$, '42501', null, 'anon cannot read vulnerabilities');
select throws_ok($$ select * from public.intel_objects $$, '42501', null, 'anon cannot read knowledge objects');
select throws_ok($$ select * from public.sources $$, '42501', null, 'anon cannot read sources');
select throws_ok($$ select * from public.import_runs $$, '42501', null, 'anon cannot read import runs');
reset role;

-- An analyst reads everything below TLP:RED, and nothing marked RED.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.indicators), 2, 'an analyst reads indicators below RED');
select is((select count(*)::int from public.indicators where tlp = 'red'), 0, 'an analyst reads no RED indicator');
select is((select count(*)::int from public.indicator_sources), 2, 'an analyst reads reports below RED');
select is((select count(*)::int from public.vulnerabilities), 1, 'an analyst reads no RED vulnerability');
select is((select count(*)::int from public.intel_objects), 1, 'an analyst reads no RED object');
select is((select count(*)::int from public.relationships), 1, 'an analyst reads no RED relationship');
select is((select count(*)::int from public.sightings), 1, 'an analyst reads no RED sighting');
select is((select count(*)::int from public.sources), 1, 'an analyst reads sources');
select is((select count(*)::int from public.import_runs), 1, 'an analyst reads import runs');
select lives_ok($$ insert into public.indicators (type, value, tlp, description) values ('domain', 'analyst-added.example', 'amber', 'seen in a phishing mail') $$, 'an analyst adds an indicator');
select is((select created_by from public.indicators where value = 'analyst-added.example'), '00000000-0000-4000-a000-00000000000b'::uuid, 'it is recorded as theirs');
select is((select stix_id from public.indicators where value = 'analyst-added.example'), 'indicator--' || extensions.uuid_generate_v5('00abedb4-aa42-466c-9c01-fed23315a9b7', '{"type":"domain","value":"analyst-added.example"}')::text, 'it gets its deterministic STIX id');
select throws_ok($$ insert into public.indicators (type, value, tlp) values ('domain', 'secret.example', 'red') $$, '42501', null, 'an analyst cannot add RED intelligence');
select throws_ok($$ insert into public.indicators (type, value, created_by) values ('domain', 'forged.example', '00000000-0000-4000-a000-00000000000a') $$, '42501', null, 'an analyst cannot add as someone else');
select throws_ok($$ insert into public.indicators (type, value) values ('domain', 'Evil.Example') $$, '23514', null, 'a non-canonical value is refused');
select throws_ok($$ insert into public.indicators (type, value) values ('ipv4', '300.1.2.3') $$, '23514', null, 'an invalid IPv4 is refused');
select throws_ok($$ insert into public.indicators (type, value) values ('sha256', 'ABC') $$, '23514', null, 'a malformed hash is refused');
select lives_ok($$ update public.indicators set description = 'confirmed' where value = 'analyst-added.example' $$, 'an analyst edits what they added');
update public.indicators set description = 'tampered' where value = '203.0.113.7';
select throws_ok($$ insert into public.indicator_sources (indicator_id, source_id) select id, '50000000-0000-4000-a000-000000000001' from public.indicators limit 1 $$, '42501', null, 'an analyst cannot forge provenance');
select throws_ok($$ insert into public.import_runs (source_name, format) values ('x', 'stix') $$, '42501', null, 'an analyst cannot write import runs');
select throws_ok($$ insert into public.sources (name) values ('x') $$, '42501', null, 'an analyst cannot add sources');
select throws_ok($$ update public.vulnerabilities set kev_due_date = now() $$, '42501', null, 'an analyst cannot change vulnerabilities');
delete from public.indicators where value = '203.0.113.7';
reset role;
select is((select description from public.indicators where value = '203.0.113.7'), '', 'an analyst cannot edit imported indicators');
select is((select count(*)::int from public.indicators where value = '203.0.113.7'), 1, 'an analyst cannot delete indicators');

-- An admin without MFA in this session is an analyst for TLP:RED.
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.indicators where tlp = 'red'), 0, 'an admin without MFA reads no RED indicator');
select is((select count(*)::int from public.intel_objects where tlp = 'red'), 0, 'an admin without MFA reads no RED object');
select throws_ok($$ insert into public.sources (name) values ('admin without MFA') $$, '42501', null, 'an admin without MFA cannot add sources');
reset role;

-- An admin with MFA reads TLP:RED and configures sources.
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at)
values ('10000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
-- RED needs its audience (issue 28 §1): the admin joins a group that every RED row names.
\set red_member '00000000-0000-4000-a000-00000000000a'
\ir ../fixtures/red-audience.psql
set local role authenticated;
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from public.indicators where tlp = 'red'), 1, 'an admin with MFA reads RED indicators');
select is((select count(*)::int from public.indicator_sources where tlp = 'red'), 1, 'an admin with MFA reads RED reports');
select is((select count(*)::int from public.vulnerabilities), 2, 'an admin with MFA reads RED vulnerabilities');
select is((select count(*)::int from public.intel_objects), 2, 'an admin with MFA reads RED objects');
select is((select count(*)::int from public.relationships), 2, 'an admin with MFA reads RED relationships');
select is((select count(*)::int from public.sightings), 2, 'an admin with MFA reads RED sightings');
select lives_ok($$ insert into public.sources (name, kind, url, reliability) values ('Partner feed', 'feed', 'https://partner.example/feed.json', 'B') $$, 'an admin with MFA adds a source');
select lives_ok($$ delete from public.indicators where value = '203.0.113.7' $$, 'an admin with MFA removes an indicator');
reset role;
select is((select count(*)::int from public.indicator_sources where tlp = 'clear'), 0, 'removing an indicator removes its reports');

-- The service role (importers) reads and writes everything.
set local role service_role;
select is((select count(*)::int from public.indicators where tlp = 'red'), 1, 'the service role reads RED');
select lives_ok($$ insert into public.import_runs (source_name, format) values ('Test feed', 'stix') $$, 'the service role records a run');
select throws_ok($$ insert into public.import_runs (source_id, source_name, format) values ('50000000-0000-4000-a000-000000000001', 'Test feed', 'stix'), ('50000000-0000-4000-a000-000000000001', 'Test feed', 'stix') $$, '23505', null, 'two running runs of one source are refused');
reset role;

-- Lookups and searches the pages rely on use their indexes.
create function pg_temp.plan_of(_sql text) returns text language plpgsql as $f$
declare line text; plan text := '';
begin
  for line in execute 'explain ' || _sql loop plan := plan || line || E'\n'; end loop;
  return plan;
end
$f$;
-- Judged at a realistic size: on a near-empty, analysed table a full scan of any index costs as
-- little as the right one (the observable types' migration rewrote the table, and its statistics
-- now say it is empty).
insert into public.indicators (type, value, tlp)
  select 'domain', 'plan-' || g || '.example', 'clear' from generate_series(1, 5000) g;
-- As an import leaves it once autovacuum has run: the trigram index's pending list merged in.
do $$ begin perform gin_clean_pending_list('public.indicators_value_trgm_idx'::regclass); end $$;
analyze public.indicators;
set local enable_seqscan = off;
select matches(pg_temp.plan_of($q$ select * from public.indicators where value = 'evil.example' $q$), 'indicators_value_type_key', 'a lookup by value uses the (value, type) index');
-- Substring search covers names, URLs and e-mail addresses; a search names those types.
select matches(pg_temp.plan_of($q$ select * from public.indicators where value like '%evil%' and type in ('domain', 'url', 'email') $q$), 'indicators_value_trgm_idx', 'a substring search over names and URLs uses the trigram index');
select matches(pg_temp.plan_of($q$ select * from public.indicators where value like 'd41d8c%' $q$), 'indicators_value_type_key', 'a prefix search (a partial hash or address) uses the unique index');
select matches(pg_temp.plan_of($q$ select * from public.intel_objects where lookup_names @> array['fancy bear'] $q$), 'intel_objects_lookup_names_idx', 'a lookup by alias uses the names index');
reset enable_seqscan;

select * from finish();
rollback;
