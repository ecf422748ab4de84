-- The wider observable model (issue 26 §5): each new indicator type has its canonical shape
-- checked for analysts, a STIX id the importers agree with, a STIX pattern the importer reads
-- back (intel/src/formats/observable-mappings.test.ts holds the same strings), and ranges a cidr
-- column whose GiST index answers "which ranges hold this address".
begin;
select plan(42);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

select ok(
  enum_range(null::public.indicator_type)::text[] @> array['ipv4-cidr', 'ipv6-cidr', 'asn', 'ja3', 'ja3s', 'ja4',
    'user-agent', 'filename', 'mutex', 'registry-key', 'email-subject'],
  'indicator_type holds the eleven observable types');

-- Canonical shapes: accepted as the importers write them, refused otherwise.
select ok(private.indicator_value_is_canonical('ipv4-cidr', '10.0.0.0/8'), 'an IPv4 network is canonical');
select ok(not private.indicator_value_is_canonical('ipv4-cidr', '10.0.0.5/8'), 'an IPv4 range with host bits set is not');
select ok(not private.indicator_value_is_canonical('ipv4-cidr', '0.0.0.0/0'), 'an IPv4 range wider than /8 is not');
select ok(not private.indicator_value_is_canonical('ipv4-cidr', '10.0.0.0'), 'an IPv4 address without a prefix is not a range');
select ok(not private.indicator_value_is_canonical('ipv4-cidr', '2001:db8::/32'), 'an IPv6 range is not an IPv4 range');
select ok(private.indicator_value_is_canonical('ipv6-cidr', '2001:db8::/32'), 'an IPv6 network in RFC 5952 text is canonical');
select ok(not private.indicator_value_is_canonical('ipv6-cidr', '2001:DB8::/32'), 'upper-case IPv6 is not');
select ok(not private.indicator_value_is_canonical('ipv6-cidr', '2001:db8::1/32'), 'an IPv6 range with host bits set is not');
select ok(not private.indicator_value_is_canonical('ipv6-cidr', 'zz::/32'), 'a malformed range is refused, not an error');
select ok(private.indicator_value_is_canonical('asn', 'AS13335'), 'AS13335 is canonical');
select ok(not private.indicator_value_is_canonical('asn', '13335'), 'a bare number is not');
select ok(not private.indicator_value_is_canonical('asn', 'AS013335'), 'leading zeros are not');
select ok(not private.indicator_value_is_canonical('asn', 'AS4294967296'), 'an ASN past 32 bits is not');
select ok(private.indicator_value_is_canonical('ja3', 'b7202231ff2db28363c109cedc6d1642'), 'a JA3 digest is canonical');
select ok(not private.indicator_value_is_canonical('ja3s', 'AD90CAB724FAFAB2660FBF61673C91A9'), 'an upper-case JA3S is not');
select ok(private.indicator_value_is_canonical('ja4', 't13d1516h2_8daaf6152771_b186095e22b6'), 'a JA4 fingerprint is canonical');
select ok(not private.indicator_value_is_canonical('ja4', 't13d1516h2_8daaf6152771'), 'a JA4 without its c part is not');
select ok(private.indicator_value_is_canonical('user-agent', 'Mozilla/4.0 (compatible; MSIE 7.0)'), 'a user agent is kept as given');
select ok(not private.indicator_value_is_canonical('email-subject', E'Invoice\r\nBcc: x@evil.example'), 'a subject with a line break is not');
select ok(not private.indicator_value_is_canonical('filename', ' a.exe'), 'a file name with leading white space is not');
select ok(private.indicator_value_is_canonical('registry-key', 'HKEY_LOCAL_MACHINE\SOFTWARE\Run'), 'a registry key with its hive written out is canonical');
select ok(not private.indicator_value_is_canonical('registry-key', 'HKLM\SOFTWARE\Run'), 'an abbreviated hive is not');

-- An analyst's hand-entered value is held to the shape; a canonical one goes in.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select throws_ok($$ insert into public.indicators (type, value) values ('ipv4-cidr', '192.168.13.77/20') $$, '23514', null,
  'an analyst cannot enter a range with host bits set');
select throws_ok($$ insert into public.indicators (type, value) values ('registry-key', 'HKCU\Software\Run') $$, '23514', null,
  'an analyst cannot enter an abbreviated hive');
select lives_ok($$ insert into public.indicators (type, value) values ('ipv4-cidr', '192.168.0.0/20'), ('mutex', 'Global\{59031A47}') $$,
  'an analyst enters a canonical range and a mutex');
reset role;

-- The importers (service role, no author) bypass the trigger, but a range that is no network
-- cannot become the cidr column.
set local role service_role;
select set_config('request.jwt.claims', '{"role":"service_role"}', true);
select throws_ok($$ insert into public.indicators (type, value) values ('ipv4-cidr', '10.0.0.5/8') $$, '22P02', null,
  'no writer stores a range with host bits set');

insert into public.indicators (type, value) values
  ('ipv4-cidr', '10.0.0.0/8'), ('ipv6-cidr', '2001:db8::/32'), ('asn', 'AS13335'),
  ('ja3', 'b7202231ff2db28363c109cedc6d1642'), ('ja4', 't13d1516h2_8daaf6152771_b186095e22b6'),
  ('user-agent', 'Mozilla/4.0 (compatible; MSIE 7.0)'), ('filename', 'O''Brien.exe'),
  ('registry-key', 'HKEY_LOCAL_MACHINE\SOFTWARE\Run'), ('email-subject', 'Get started in your Outlook')
  on conflict do nothing;
reset role;

select is((select stix_id from public.indicators where type = 'ipv4-cidr' and value = '10.0.0.0/8'),
  'indicator--46fd50e2-064d-50f4-a6b1-7c1429698434', 'a range''s STIX id is the importers'' UUIDv5 of its JSON type and value');
select is((select stix_id from public.indicators where type = 'email-subject'),
  'indicator--7a621005-82f6-507c-9a7b-90ec12d4fcdd', 'so is a subject''s');
select is((select count(*)::int from public.indicators
  where type::text in ('ipv4-cidr', 'ipv6-cidr', 'asn', 'ja3', 'ja4', 'user-agent', 'filename', 'mutex', 'registry-key', 'email-subject')
    and stix_id is distinct from private.indicator_stix_id(type, value)), 0,
  'the generated STIX id and private.indicator_stix_id agree on every new type');

select results_eq(
  $$ select type::text, pattern from public.indicators
      where value in ('10.0.0.0/8', '2001:db8::/32', 'AS13335', 'b7202231ff2db28363c109cedc6d1642',
        't13d1516h2_8daaf6152771_b186095e22b6', 'Mozilla/4.0 (compatible; MSIE 7.0)', 'O''Brien.exe',
        'HKEY_LOCAL_MACHINE\SOFTWARE\Run', 'Get started in your Outlook')
      order by type::text $$,
  $$ values
      ('asn', '[autonomous-system:number = 13335]'),
      ('email-subject', '[email-message:subject = ''Get started in your Outlook'']'),
      ('filename', '[file:name = ''O\''Brien.exe'']'),
      ('ipv4-cidr', '[ipv4-addr:value = ''10.0.0.0/8'']'),
      ('ipv6-cidr', '[ipv6-addr:value = ''2001:db8::/32'']'),
      ('ja3', '[network-traffic:extensions.''x-tls-ext''.ja3 = ''b7202231ff2db28363c109cedc6d1642'']'),
      ('ja4', '[network-traffic:extensions.''x-tls-ext''.ja4 = ''t13d1516h2_8daaf6152771_b186095e22b6'']'),
      ('registry-key', '[windows-registry-key:key = ''HKEY_LOCAL_MACHINE\\SOFTWARE\\Run'']'),
      ('user-agent', '[network-traffic:extensions.''http-request-ext''.request_header.''User-Agent'' = ''Mozilla/4.0 (compatible; MSIE 7.0)'']') $$,
  'each new type has the STIX pattern the importer reads back');

-- Ranges: the cidr column, and containment through its index.
select is((select network from public.indicators where type = 'ipv6-cidr' and value = '2001:db8::/32'), '2001:db8::/32'::cidr,
  'a range''s network column is its cidr');
select is((select count(*)::int from public.indicators where network is not null and type not in ('ipv4-cidr', 'ipv6-cidr')), 0,
  'no other type has a network');
select ok((select array_agg(value order by value) from public.indicators where network >>= '10.20.30.40'::inet) @> array['10.0.0.0/8'],
  'an address inside a range finds it by containment');
select is((select count(*)::int from public.indicators where network >>= '11.0.0.1'::inet and value = '10.0.0.0/8'), 0,
  'an address outside it does not');

-- At volume: 20,000 ranges, one containment lookup reads the GiST index.
create function pg_temp.plan_of(_sql text) returns text language plpgsql as $f$
declare line text; plan text := '';
begin
  for line in execute 'explain ' || _sql loop plan := plan || line || E'\n'; end loop;
  return plan;
end
$f$;
insert into public.indicators (type, value)
  select 'ipv4-cidr', format('%s.%s.%s.0/24', 100 + g / 65536, (g / 256) % 256, g % 256) from generate_series(1, 20000) g
  on conflict do nothing;
analyze public.indicators;
select matches(pg_temp.plan_of($q$ select id from public.indicators where network >>= '100.10.20.30'::inet $q$),
  'indicators_network_idx', 'a containment lookup uses the range index');
select is((select count(*)::int from public.indicators where network >>= '100.10.20.30'::inet), 1,
  'and finds the one /24 that holds the address');
select ok((select indisvalid from pg_index where indexrelid = 'public.indicators_network_idx'::regclass),
  'the range index is valid');
select has_index('public', 'indicators', 'indicators_stix_id_key', 'the STIX id stays unique after the columns were rebuilt');
select has_index('public', 'indicators', 'indicators_taxii_page_idx', 'and TAXII still pages on (updated_at, stix_id) through its index');

-- Each new type ages by a rule of its own, tuned in System Configuration like the others.
select is((select count(*)::int from public.decay_rules where indicator_type::text in ('ipv4-cidr', 'ipv6-cidr', 'asn',
  'ja3', 'ja3s', 'ja4', 'user-agent', 'filename', 'mutex', 'registry-key', 'email-subject')), 11, 'each new type has a decay rule');
select is((select count(*)::int from public.settings where key ~ '^lifecycle\.(ipv4-cidr|ipv6-cidr|asn|ja3|ja3s|ja4|user-agent|filename|mutex|registry-key|email-subject)\.'),
  33, 'and its half-life, lifetime and threshold settings');

select * from finish();
rollback;
