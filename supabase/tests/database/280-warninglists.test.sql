-- MISP warninglists: what each list type holds (exact strings case-sensitively, a host and its
-- subdomains, addresses in IPv4 and IPv6 ranges, substrings, regexes), which indicator types a
-- list applies to, the indicators.warninglists computed field, and who reads and writes the lists.
-- The dev stack may hold the real lists too, so each check asks about this test's lists by name.
begin;
select plan(32);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
\ir ../fixtures/claims.psql

insert into public.warninglists (name, type, version, matching_attributes) values
  ('pgTAP strings', 'string', 1, '{}'),
  ('pgTAP hosts', 'hostname', 1, '{}'),
  ('pgTAP ranges', 'cidr', 1, '{ip-src,ip-dst}'),
  ('pgTAP substrings', 'substring', 1, '{domain,url}'),
  ('pgTAP regexes', 'regex', 1, '{email-src,email-dst}'),
  ('pgTAP hashes only', 'string', 1, '{md5,filename|md5}');
insert into public.warninglist_entries (warninglist_id, kind, value, key, cidr)
select w.id, w.type, e.value, e.key, e.cidr::cidr
  from (values
    ('pgTAP strings', 'Exact.Example', 'Exact.Example', null),
    ('pgTAP hosts', '.corp.example', 'corp.example', null),
    ('pgTAP ranges', '192.0.2.0/24', '192.0.2.0/24', '192.0.2.0/24'),
    ('pgTAP ranges', '2001:db8:ffff::/48', '2001:db8:ffff::/48', '2001:db8:ffff::/48'),
    ('pgTAP substrings', 'evil-cdn', 'evil-cdn', null),
    ('pgTAP substrings', 'zq', 'zq', null),
    ('pgTAP regexes', '/^abuse@/i', '(?i)^abuse@', null),
    ('pgTAP hashes only', 'shared-value', 'shared-value', null)
  ) e(list, value, key, cidr)
  join public.warninglists w on w.name = e.list;

-- What each type holds.
select ok('pgTAP strings' = any(private.warninglists_holding('domain', 'Exact.Example')), 'a string list holds its exact value');
select ok(not 'pgTAP strings' = any(private.warninglists_holding('domain', 'exact.example')), 'a string list matches case-sensitively, as MISP does');
select ok('pgTAP hosts' = any(private.warninglists_holding('domain', 'corp.example')), 'a hostname list holds its host');
select ok('pgTAP hosts' = any(private.warninglists_holding('domain', 'a.b.corp.example')), 'a hostname list holds the subdomains of its host');
select ok(not 'pgTAP hosts' = any(private.warninglists_holding('domain', 'xcorp.example')), 'a hostname list does not hold a name that only ends like its host');
select ok('pgTAP hosts' = any(private.warninglists_holding('url', 'https://user@www.corp.example:8443/login')), 'a hostname list holds a URL on its host');
select ok('pgTAP hosts' = any(private.warninglists_holding('email', 'soc@corp.example')), 'a hostname list holds an address at its host');
select ok('pgTAP ranges' = any(private.warninglists_holding('ipv4', '192.0.2.77')), 'a cidr list holds an IPv4 address in its range');
select ok(not 'pgTAP ranges' = any(private.warninglists_holding('ipv4', '192.0.3.1')), 'a cidr list does not hold an address outside its ranges');
select ok('pgTAP ranges' = any(private.warninglists_holding('ipv6', '2001:db8:ffff::1')), 'a cidr list holds an IPv6 address in its range');
select ok('pgTAP substrings' = any(private.warninglists_holding('domain', 'x.evil-cdn.example')), 'a substring list holds a value containing an entry');
select ok('pgTAP substrings' = any(private.warninglists_holding('domain', 'azqb.example')), 'a substring list finds an entry shorter than three characters');
select ok(not 'pgTAP substrings' = any(private.warninglists_holding('domain', 'evil.example')), 'a substring list does not hold a value containing none of its entries');
select ok('pgTAP regexes' = any(private.warninglists_holding('email', 'ABUSE@x.example')), 'a regex list holds a value its pattern matches (case-insensitive flag)');
select ok(not 'pgTAP regexes' = any(private.warninglists_holding('email', 'ceo@x.example')), 'a regex list does not hold a value its pattern does not match');

-- Which types a list applies to (its MISP matching_attributes).
select ok('pgTAP hashes only' = any(private.warninglists_holding('md5', 'shared-value')), 'a list applies to the types its matching attributes name');
select ok(not 'pgTAP hashes only' = any(private.warninglists_holding('domain', 'shared-value')), 'a list does not apply to other types');
select ok(not 'pgTAP ranges' = any(private.warninglists_holding('domain', '192.0.2.77')), 'a cidr list ignores a value of a type it does not apply to');
select is(private.warninglists_holding('sha256', repeat('f', 64)), '{}'::text[], 'a value on no list has an empty array, not null');

-- The computed field, as PostgREST reads it (`select=value,warninglists`).
insert into public.indicators (type, value, tlp) values ('ipv4', '192.0.2.77', 'clear');
select ok((select 'pgTAP ranges' = any(i.warninglists) from public.indicators i where i.value = '192.0.2.77'), 'indicators.warninglists names the lists holding the value');

-- What the importer must prepare: a range without host bits, a pattern PostgreSQL compiles.
select throws_ok($$ select '192.0.2.77/24'::cidr $$, '22P02', null, 'a cidr with host bits set is refused (the importer clears them and says so)');
select ok(private.regex_compiles('(?i)^abuse@') and not private.regex_compiles('(?<name>x)'), 'private.regex_compiles tells PostgreSQL patterns from PCRE-only syntax');

-- anon reads nothing and looks nothing up.
set local role anon;
select throws_ok($$ select * from public.warninglists $$, '42501', null, 'anon cannot read warninglists');
select throws_ok($$ select * from public.warninglist_entries $$, '42501', null, 'anon cannot read warninglist entries');
select throws_ok($$ select private.warninglists_holding('ipv4', '192.0.2.77') $$, '42501', null, 'anon cannot look a value up');
reset role;

-- A signed-in user reads the lists (public data, no TLP) and writes nothing.
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select is((select count(*)::int from public.warninglists where name like 'pgTAP %'), 6, 'an analyst reads the warninglists');
select is((select count(*)::int from public.warninglist_entries e join public.warninglists w on w.id = e.warninglist_id where w.name like 'pgTAP %'), 8, 'an analyst reads their entries');
select throws_ok($$ insert into public.warninglists (name, type, version) values ('mine', 'string', 1) $$, '42501', null, 'an analyst cannot add a warninglist');
select throws_ok($$ delete from public.warninglist_entries $$, '42501', null, 'an analyst cannot remove entries');
reset role;

-- The service role (the importer) writes them.
set local role service_role;
select lives_ok($$ update public.warninglists set version = 2 where name = 'pgTAP strings' $$, 'the service role updates a warninglist');
select lives_ok($$ delete from public.warninglists where name = 'pgTAP hosts' $$, 'the service role removes a warninglist');
reset role;
select is((select count(*)::int from public.warninglist_entries e where e.value = '.corp.example'), 0, 'a list removed takes its entries with it');

select * from finish();
rollback;
