-- Unified search finds our own assets: by host name, address, owner and the products they run; an
-- address only whole; the knowledge-base kinds are still answered beside them; anon is refused.
begin;
select plan(9);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.assets (id, hostname, ip, owner, criticality) values
  ('a0000000-0000-4000-a000-000000000001', 'vpn.search-test.example', '198.51.100.7', 'Network team', 'high'),
  ('a0000000-0000-4000-a000-000000000002', null, '198.51.100.70', 'Web team', 'low');
insert into public.asset_products (asset_id, vendor, product, version) values
  ('a0000000-0000-4000-a000-000000000001', 'Fortinet', 'FortiOS', '7.2.4');
insert into public.intel_objects (stix_id, type, name, aliases, tlp, stix, external_ids) values
  ('malware--00000000-0000-4000-8000-0000000000f1', 'malware', 'Fortiworm', '{}', 'clear', '{}', '{}');

\ir ../fixtures/claims.psql

set local role anon;
select throws_ok($$ select * from public.unified_search('fortinet') $$, '42501', null, 'anon cannot search assets');
reset role;

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);

select is((select id from public.unified_search('fortinet') where kind = 'asset'),
  'a0000000-0000-4000-a000-000000000001', 'a vendor finds the asset running its product');
select is((select title || ' | ' || subtitle from public.unified_search('fortios') where kind = 'asset'),
  'vpn.search-test.example | 198.51.100.7 · Network team · high criticality', 'the asset reads as host, address, owner, criticality');
select is((select array_agg(id order by id) from public.unified_search('198.51.100.7') where kind = 'asset'),
  array['a0000000-0000-4000-a000-000000000001'], 'an address matches whole: 198.51.100.7 is not 198.51.100.70');
select is((select title from public.unified_search('198.51.100.70') where kind = 'asset'),
  '198.51.100.70', 'an asset without a host name is titled by its address');
select is((select score from public.unified_search('VPN.search-test.example') where kind = 'asset'),
  1.0::real, 'the exact host name, in any case, ranks first');
select is((select kind_total from public.unified_search('team') where kind = 'asset' limit 1),
  2::bigint, 'owners are searched, with how many matched');
select is((select title from public.unified_search('fortiworm') where kind = 'malware'),
  'Fortiworm', 'the knowledge base is still searched beside the assets');
select throws_ok($$ select * from public.unified_search('x') $$, '22023', 'Search for 2 to 200 characters.',
  'the length check still applies');

select * from finish();
rollback;
