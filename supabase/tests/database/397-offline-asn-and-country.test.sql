-- Offline enrichment (issue 30 §1): address indicators carry asn, as_name and country, written by
-- the importers (service role) only; REST filters on them use partial indexes; Threat Analytics'
-- breakdown counts what the caller may read (no TLP:RED for an analyst).
begin;
select plan(13);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

select has_column('public', 'indicators', 'asn', 'indicators has asn');
select col_type_is('public', 'indicators', 'asn', 'bigint', 'asn holds 32-bit AS numbers (bigint)');
select has_column('public', 'indicators', 'as_name', 'indicators has as_name');
select has_column('public', 'indicators', 'country', 'indicators has country');
select has_index('public', 'indicators', 'indicators_asn_idx', 'asn=eq.N is an index lookup');

-- The importers write them (service role); the shapes are checked.
set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select lives_ok($$ insert into public.indicators (type, value, tlp, asn, as_name, country) values
  ('ipv4', '1.1.1.1', 'clear', 13335, 'Cloudflare, Inc.', 'AU'),
  ('ipv4', '1.0.0.1', 'red', 13335, 'Cloudflare, Inc.', 'AU'),
  ('ipv4', '8.8.8.8', 'green', 15169, 'Google LLC', 'US'),
  ('asn', 'AS13335', 'clear', 13335, 'Cloudflare, Inc.', null) $$, 'the importer stores an address with its AS and country');
select throws_ok($$ insert into public.indicators (type, value, country) values ('ipv4', '9.9.9.9', 'usa') $$, '23514', null,
  'a country is an ISO 3166-1 alpha-2 code');
select throws_ok($$ insert into public.indicators (type, value, asn) values ('ipv4', '9.9.9.10', 4294967296) $$, '23514', null,
  'an AS number fits 32 bits');
reset role;

-- Analysts read them and filter on them, but cannot write them.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select results_eq($$ select value collate "default" from public.indicators where asn = 13335 order by value $$,
  array['1.1.1.1', 'AS13335'], 'an analyst filters by AS (the TLP:RED address stays hidden)');
select throws_ok($$ insert into public.indicators (type, value, asn) values ('ipv4', '9.9.9.11', 1) $$, '42501', null,
  'an analyst cannot set an AS');
select results_eq($$ select dimension, key, label, indicators from public.analytics_indicators_by_network(5) order by 1, 4 desc, 2 $$,
  $$ values ('asn', '13335', 'AS13335 Cloudflare, Inc.', 1::bigint), ('asn', '15169', 'AS15169 Google LLC', 1::bigint),
            ('country', 'AU', 'AU', 1::bigint), ('country', 'US', 'US', 1::bigint) $$,
  'the breakdown counts the addresses an analyst may read, per AS and country');
reset role;

set local role anon;
select throws_ok($$ select * from public.analytics_indicators_by_network() $$, '42501', null, 'anon cannot read the breakdown');
reset role;

select ok(
  (select count(*) from pg_proc p where p.proname = 'analytics_indicators_by_network'
     and 'search_path=""' = any(p.proconfig)) = 1,
  'the breakdown pins its search_path');

select * from finish();
rollback;
