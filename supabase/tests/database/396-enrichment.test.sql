-- Online enrichment (issue 30 §2): services are off by default and only administrators with MFA
-- enable them and set their keys (write-only: no API role reads a key back; the audit entry has
-- none); analysts ask for the services that apply to a value's type, and a value of PAP:AMBER or
-- above is refused on the server with nothing queued; a fresh answer is reused; results are read
-- under the indicator's TLP; the score carries the bounded enrichment adjustment.
begin;
select plan(28);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');
insert into private.admin_totp (user_id, secret_enc, status) values ('00000000-0000-4000-a000-00000000000a', '\x00', 'active');
insert into private.admin_mfa_sessions (session_id, user_id, verified_at, expires_at) values
  ('10000000-0000-4000-a000-000000000003', '00000000-0000-4000-a000-00000000000a', now(), now() + interval '12 hours');
\ir ../fixtures/claims.psql

insert into public.sources (id, name, pap) values
  ('50000000-0000-4000-a000-0000000396a1', 'enrichment clear feed', 'clear'),
  ('50000000-0000-4000-a000-0000000396a2', 'enrichment amber feed', 'amber');
insert into public.indicators (id, type, value, tlp, confidence) overriding system value values
  (3961, 'ipv4', '198.51.100.7', 'green', 50),
  (3962, 'ipv4', '203.0.113.9', 'green', 50),
  (3963, 'ipv4', '192.0.2.44', 'red', 50),
  (3964, 'sha256', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'green', 50);
insert into public.indicator_sources (indicator_id, source_id) values
  (3961, '50000000-0000-4000-a000-0000000396a1'),
  (3962, '50000000-0000-4000-a000-0000000396a2'),
  (3963, '50000000-0000-4000-a000-0000000396a1'),
  (3964, '50000000-0000-4000-a000-0000000396a1');

select is((select count(*)::int from public.enrichment_services where enabled), 0, 'every service is off by default');

-- Settings: administrators with MFA only; keys write-only.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.enrichment_services), 7, 'analysts see which services exist');
select throws_ok($$ select public.update_enrichment_service('shodan_internetdb', true, 'https://internetdb.shodan.io', 24) $$,
  '42501', null, 'an analyst cannot enable a service');
select throws_ok($$ update public.enrichment_services set enabled = true $$, '42501', null, 'nor write the table');
select throws_ok($$ select * from private.enrichment_service_keys $$, '42501', null, 'nor read keys');
select set_config('request.jwt.claims', :'admin_claims', true);
select throws_ok($$ select public.update_enrichment_service('shodan_internetdb', true, 'https://internetdb.shodan.io', 24) $$,
  '42501', null, 'nor an admin without MFA');
select set_config('request.jwt.claims', :'admin_mfa_claims', true);
select throws_ok($$ select public.update_enrichment_service('abuseipdb', true, 'https://api.abuseipdb.com/api/v2', 24) $$,
  '22023', 'AbuseIPDB needs an API key before it can be enabled.', 'a keyed service needs its key first');
select throws_ok($$ select public.update_enrichment_service('abuseipdb', false, 'ftp://x', 24) $$,
  '22023', null, 'a base URL is http(s)');
select throws_ok($$ select public.update_enrichment_service('abuseipdb', false, 'https://x', 0) $$,
  '22023', 'Answers are kept from 1 hour to 8,760 hours (a year).', 'a TTL is 1 hour to a year');
select is((select has_key from public.update_enrichment_service('abuseipdb', true, 'https://api.abuseipdb.com/api/v2/', 12, 'secret-key-123')),
  true, 'with a key it is enabled, and says only that a key is set');
select is((select base_url from public.enrichment_services where id = 'abuseipdb'), 'https://api.abuseipdb.com/api/v2', 'a trailing slash is dropped');
select throws_ok($$ select * from private.enrichment_service_keys $$, '42501', null, 'an admin cannot read keys back either');
select is((select enabled from public.update_enrichment_service('shodan_internetdb', true, 'https://internetdb.shodan.io', 24)), true,
  'a keyless service is enabled without a key');
select is((select has_key from public.update_enrichment_service('virustotal', false, 'https://www.virustotal.com/api/v3', 24, null, true)),
  false, 'a key can be removed');
reset role;
select is((select api_key from private.enrichment_service_keys where service_id = 'abuseipdb'), 'secret-key-123', 'the key is stored apart');
select ok(exists (select 1 from public.audit_trail where action = 'enrichment_service.key_set' and target_id = 'abuseipdb'
                  and actor_id = '00000000-0000-4000-a000-00000000000a'), 'setting a key is audited');
select ok(not exists (select 1 from public.audit_trail where details::text like '%secret-key-123%'), 'no audit entry holds the key');
select ok(exists (select 1 from public.audit_trail where action = 'enrichment_service.changed' and target_id = 'shodan_internetdb'),
  'enabling a service is audited');

-- Requests.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq($$ select service_id, status::text from public.request_enrichment(3961) order by service_id $$,
  $$ values ('abuseipdb', 'queued'), ('shodan_internetdb', 'queued') $$, 'an IP is queued for the enabled services that answer about IPs');
select is((select count(*)::int from public.request_enrichment(3964)), 0, 'a hash goes to none of them (VirusTotal is off)');
select throws_ok($$ select public.request_enrichment(3962) $$, '42501', 'PAP:AMBER — not sent to outside services.',
  'a PAP:AMBER value is refused on the server');
select is((select count(*)::int from public.enrichment_results where indicator_id = 3962), 0, 'and nothing is queued for it');
select throws_ok($$ select public.request_enrichment(3963) $$, '22023', 'No indicator 3963.', 'a TLP:RED value outside the audience is not found');
reset role;
update public.enrichment_results set status = 'ok', fetched_at = now(), expires_at = now() + interval '12 hours',
       summary = '{"confidence": 100}', score_delta = 15 where indicator_id = 3961 and service_id = 'abuseipdb';
select is(private.refresh_enrichment_score(3961), 15::smallint, 'the answers'' adjustments add up on the indicator');
select cmp_ok((select public.score(i) from public.indicators i where i.id = 3961), '>',
  (select public.score(i) from public.indicators i where i.id = 3962), 'and raise its score over an equal one');
select ok((select bool_and(indexdef like '%score_enrichment%') from pg_indexes where indexname like 'indicators_score_key_%'),
  'every score key index carries the adjustment (filters by score stay exact)');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq($$ select service_id, status::text from public.request_enrichment(3961, '{abuseipdb}') $$,
  $$ values ('abuseipdb', 'ok') $$, 'a fresh answer is reused for everyone, not asked again');
reset role;
insert into public.enrichment_results (indicator_id, service_id, status) values (3963, 'abuseipdb', 'ok');
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.enrichment_results where indicator_id = 3963), 0,
  'results of a TLP:RED indicator are not readable outside its audience');

select * from finish();
rollback;
